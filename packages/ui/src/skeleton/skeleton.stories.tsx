import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './skeleton';

const meta = {
  title: 'UI/Skeleton',
  component: Skeleton,
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Skeleton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Text: Story = {};
export const Paragraph: Story = { args: { lines: 3 } };
export const Rect: Story = { args: { variant: 'rect', height: 120 } };
export const Circle: Story = { args: { variant: 'circle', width: 56 } };
export const Static: Story = { args: { lines: 2, isStatic: true } };

const card = () => (
  <div role="status" aria-busy="true" aria-label="Loading..." style={{ display: 'flex', gap: 12 }}>
    <Skeleton variant="circle" width={48} />
    <div style={{ flex: 1 }}>
      <Skeleton lines={2} />
    </div>
  </div>
);
/** A loading list row: the region is marked busy and labelled; the shapes are hidden. */
export const Composed: Story = { render: card };
export const Dark: Story = { render: card, globals: { theme: 'dark' } };
export const RightToLeft: Story = { render: card, globals: { direction: 'rtl' } };
