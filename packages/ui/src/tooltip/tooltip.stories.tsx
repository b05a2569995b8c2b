import type { Meta, StoryObj } from '@storybook/react-vite';
import { IconButton } from '../button/button';
import { BellIcon } from '../icons/icons';
import { Tooltip, TooltipTrigger } from './tooltip';

const meta = {
  title: 'UI/Tooltip',
  component: TooltipTrigger,
  decorators: [(Story) => <div style={{ padding: 48 }}>{Story()}</div>],
} satisfies Meta<typeof TooltipTrigger>;
export default meta;

const bell = (defaultOpen?: boolean, placement?: 'top' | 'bottom' | 'start' | 'end') => (
  <TooltipTrigger defaultOpen={defaultOpen}>
    <IconButton aria-label="Notifications" variant="outline">
      <BellIcon />
    </IconButton>
    <Tooltip placement={placement}>Notifications</Tooltip>
  </TooltipTrigger>
);

/** Hover for 1500 ms, or focus with the keyboard. */
export const Default: StoryObj = { render: () => bell() };
export const Open: StoryObj = { render: () => bell(true) };
export const PlacedAtEnd: StoryObj = { render: () => bell(true, 'end') };
export const Dark: StoryObj = { render: () => bell(true), globals: { theme: 'dark' } };
export const RightToLeft: StoryObj = { render: () => bell(true, 'end'), globals: { direction: 'rtl' } };
