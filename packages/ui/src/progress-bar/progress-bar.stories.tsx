import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './progress-bar';

const meta = {
  title: 'UI/ProgressBar',
  component: ProgressBar,
  args: { label: 'Uploading avatar.png', value: 40 },
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
} satisfies Meta<typeof ProgressBar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Indeterminate: Story = { args: { isIndeterminate: true } };
export const WithoutLabel: Story = {
  args: { label: undefined, 'aria-label': 'Upload progress', size: 'sm' },
};
export const Completed: Story = { args: { value: 100, variant: 'positive' } };
export const Failed: Story = { args: { value: 70, variant: 'danger', label: 'Upload timed out' } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const DarkIndeterminate: Story = { args: { isIndeterminate: true }, globals: { theme: 'dark' } };
export const RightToLeft: Story = { globals: { direction: 'rtl' } };
