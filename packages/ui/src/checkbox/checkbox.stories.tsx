import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from './checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { children: 'Stay signed in for a month', defaultSelected: true, name: 'remember' },
} satisfies Meta<typeof Checkbox>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Checked: Story = {};
export const Unchecked: Story = { args: { defaultSelected: false } };
export const Indeterminate: Story = { args: { isIndeterminate: true, children: 'Select all' } };
export const WithDescription: Story = {
  args: { description: 'Only on a device you trust.', defaultSelected: false },
};
/** A required registration policy left unchecked. */
export const PolicyWithError: Story = {
  args: {
    children: 'I accept the Terms of service',
    defaultSelected: false,
    isRequired: true,
    errorMessage: 'You must accept the Terms of service.',
  },
};
export const Disabled: Story = { args: { isDisabled: true } };
export const Dark: Story = {
  args: {
    defaultSelected: false,
    errorMessage: 'You must accept the Terms of service.',
    children: 'I accept the Terms of service',
  },
  globals: { theme: 'dark' },
};
export const DarkChecked: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = {
  args: { description: 'Only on a device you trust.' },
  globals: { direction: 'rtl' },
};
