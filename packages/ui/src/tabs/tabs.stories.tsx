import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tab, TabList, TabPanel, Tabs } from './tabs';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Tabs>;
export default meta;

type Story = StoryObj<typeof meta>;

const tabs = (orientation: 'horizontal' | 'vertical' = 'horizontal') => (
  <Tabs orientation={orientation} defaultSelectedKey="password">
    <TabList aria-label="Account settings">
      <Tab id="details">Account details</Tab>
      <Tab id="password">Password</Tab>
      <Tab id="sessions">Active sessions</Tab>
      <Tab id="developers" isDisabled>
        Developers
      </Tab>
    </TabList>
    <TabPanel id="details">Update name and profile image.</TabPanel>
    <TabPanel id="password">Update password.</TabPanel>
    <TabPanel id="sessions">Active sessions.</TabPanel>
    <TabPanel id="developers">API access tokens.</TabPanel>
  </Tabs>
);

export const Horizontal: Story = { render: () => tabs() };
export const Vertical: Story = { render: () => tabs('vertical') };
export const Dark: Story = { render: () => tabs(), globals: { theme: 'dark' } };
export const RightToLeft: Story = { render: () => tabs(), globals: { direction: 'rtl' } };
