import type { Meta, StoryObj } from '@storybook/react-vite';
import { Switch } from './switch';

const meta = {
  title: 'UI/Switch',
  component: Switch,
  args: { children: 'Dark mode' },
} satisfies Meta<typeof Switch>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { defaultSelected: true } };
export const WithDescription: Story = {
  args: {
    children: 'Browser notifications',
    description: 'Show a notification even when this tab is closed.',
  },
};
export const Disabled: Story = { args: { isDisabled: true, defaultSelected: true } };
export const Dark: Story = { args: { defaultSelected: true }, globals: { theme: 'dark' } };
export const DarkOff: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { args: { defaultSelected: true }, globals: { direction: 'rtl' } };
