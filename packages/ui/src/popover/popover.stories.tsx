import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { DialogTrigger } from '../dialog/dialog';
import { Link } from '../link/link';
import { HoverPopoverTrigger, Popover } from './popover';

const meta = {
  title: 'UI/Popover',
  component: Popover,
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ minHeight: 260, paddingInlineStart: 24 }}>{Story()}</div>],
} satisfies Meta<typeof Popover>;
export default meta;

type Story = StoryObj<typeof meta>;

const notifications = (defaultOpen?: boolean, showArrow?: boolean) => (
  <DialogTrigger defaultOpen={defaultOpen}>
    <Button variant="outline">Notifications</Button>
    <Popover title="Notifications" placement="bottom start" showArrow={showArrow}>
      <p style={{ margin: 0, fontWeight: 600 }}>Hang tight!</p>
      <p style={{ margin: 0, color: 'var(--bl-fg-muted)' }}>Notifications will start showing up here soon.</p>
    </Popover>
  </DialogTrigger>
);

export const Closed: Story = { render: () => notifications() };
export const Open: Story = { render: () => notifications(true) };
export const WithArrow: Story = { render: () => notifications(true, true) };

/** Opens on hover (or keyboard focus) and closes 150 ms after the pointer leaves. */
export const Hover: Story = {
  render: () => (
    <HoverPopoverTrigger>
      <Link href="/artist/1">Daft Punk</Link>
      <Popover aria-label="Daft Punk" placement="bottom start">
        <p style={{ margin: 0 }}>French electronic duo. 12 albums.</p>
        <Link href="/artist/1">Open artist page</Link>
      </Popover>
    </HoverPopoverTrigger>
  ),
};
export const HoverOpen: Story = {
  render: () => (
    <HoverPopoverTrigger defaultOpen>
      <Link href="/artist/1">Daft Punk</Link>
      <Popover aria-label="Daft Punk" placement="bottom start">
        <p style={{ margin: 0 }}>French electronic duo. 12 albums.</p>
      </Popover>
    </HoverPopoverTrigger>
  ),
};
export const Dark: Story = { render: () => notifications(true, true), globals: { theme: 'dark' } };
export const RightToLeft: Story = { render: () => notifications(true, true), globals: { direction: 'rtl' } };
