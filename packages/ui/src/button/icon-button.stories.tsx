import type { Meta, StoryObj } from '@storybook/react-vite';
import { BellIcon, CloseIcon, MenuIcon } from '../icons/icons';
import { IconButton } from './button';

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { 'aria-label': 'Close', children: <CloseIcon />, variant: 'text', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'outline', 'text', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof IconButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Outline: Story = { args: { variant: 'outline', 'aria-label': 'Menu', children: <MenuIcon /> } };
export const Primary: Story = {
  args: { variant: 'primary', 'aria-label': 'Notifications', children: <BellIcon /> },
};
export const Round: Story = { args: { round: true, variant: 'outline' } };
export const Small: Story = { args: { size: 'sm' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Dark: Story = { args: { variant: 'outline' }, globals: { theme: 'dark' } };
export const RightToLeft: Story = { args: { variant: 'outline' }, globals: { direction: 'rtl' } };
