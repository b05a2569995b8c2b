import type { Menu } from '@backline/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import './editor.css';
import { useState } from 'react';
import { MenuEditor } from './menu-editor';

const MENUS: Menu[] = [
  {
    id: 'primary',
    name: 'Primary',
    positions: ['navbar'],
    items: [
      { id: 'discover', label: 'Discover', type: 'route', action: '/discover' },
      { id: 'pricing', label: 'Pricing', type: 'route', action: '/pricing' },
      { id: 'backstage', label: 'Backstage', type: 'route', action: '/backstage', roles: [2] },
    ],
  },
  { id: 'footer', name: 'Footer', positions: ['footer'], items: [] },
];
const ROLES = [
  { id: 1, name: 'users' },
  { id: 2, name: 'artists' },
];

function Stateful({ menus, positions }: { menus: Menu[]; positions?: readonly string[] }) {
  const [value, setValue] = useState(menus);
  return (
    <div style={{ width: 380 }}>
      <MenuEditor menus={value} onChange={setValue} roles={ROLES} positions={positions} />
    </div>
  );
}

const meta = {
  title: 'Appearance/MenuEditor',
  component: Stateful,
  args: { menus: MENUS },
} satisfies Meta<typeof Stateful>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Drag an item by its handle, or focus the handle and press Enter, arrows, Enter to move it by keyboard. "New menu"
 * adds a menu; its name and positions are edited above the items (a position another menu holds is disabled).
 */
export const Default: Story = {};

/** A menu with no name yet: the name field shows its error. A product position (`player-sidebar`) is offered too. */
export const Unnamed: Story = {
  args: { menus: [{ ...(MENUS[0] as Menu), name: '' }, MENUS[1] as Menu] },
  render: (args) => <Stateful {...args} positions={['navbar', 'footer', 'player-sidebar']} />,
};

/** A menu without items shows its empty state. */
export const Empty: Story = { args: { menus: [MENUS[1] as Menu] } };

export const Dark: Story = { globals: { theme: 'dark' } };
