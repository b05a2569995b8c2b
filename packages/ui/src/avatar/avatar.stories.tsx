import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar } from './avatar';

// A 90x90 image made in place, so stories need no network.
const image = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"><rect width="90" height="90" fill="#5b3fd9"/><circle cx="45" cy="36" r="16" fill="#fff"/><rect x="17" y="58" width="56" height="32" rx="16" fill="#fff"/></svg>',
)}`;

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace' },
} satisfies Meta<typeof Avatar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Initials: Story = {};
export const WithImage: Story = { args: { src: image } };
/** A broken image falls back to initials. */
export const BrokenImage: Story = { args: { src: '/missing-avatar.png' } };
export const Square: Story = { args: { shape: 'square', src: image } };
const sizes = () => (
  <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
    <Avatar name="Ada Lovelace" size="xs" />
    <Avatar name="Grace Hopper" size="sm" />
    <Avatar name="Alan Turing" size="md" />
    <Avatar name="Katherine Johnson" size="lg" />
    <Avatar name="Edsger Dijkstra" size="xl" src={image} />
  </div>
);
export const Sizes: Story = { render: sizes };
export const Dark: Story = { render: sizes, globals: { theme: 'dark' } };
export const RightToLeft: Story = { render: sizes, globals: { direction: 'rtl' } };
