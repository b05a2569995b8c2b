import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { ChevronDownIcon, CreditCardIcon, LogoutIcon, MoonIcon, UserIcon } from '../icons/icons';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger, SubmenuTrigger } from './menu';

const meta = {
  title: 'UI/Menu',
  component: MenuTrigger,
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div style={{ minHeight: 380 }}>{Story()}</div>],
} satisfies Meta<typeof MenuTrigger>;
export default meta;

type Story = StoryObj<typeof MenuTrigger>;

const account = (defaultOpen?: boolean) => (
  <MenuTrigger defaultOpen={defaultOpen}>
    <Button variant="outline">
      Account <ChevronDownIcon size={16} />
    </Button>
    <Menu aria-label="Account">
      <MenuItem id="settings" href="/account-settings" icon={<UserIcon size={18} />}>
        Account settings
      </MenuItem>
      <MenuItem id="billing" href="/billing" icon={<CreditCardIcon size={18} />}>
        Billing
      </MenuItem>
      <MenuItem id="notifications" href="/notifications" end={<span className="bl-badge">3</span>}>
        Notifications
      </MenuItem>
      <MenuSeparator />
      <MenuItem id="theme" icon={<MoonIcon size={18} />}>
        Dark mode
      </MenuItem>
      <MenuItem id="logout" icon={<LogoutIcon size={18} />}>
        Log out
      </MenuItem>
    </Menu>
  </MenuTrigger>
);

export const Closed: Story = { render: () => account() };
/** Open: arrow keys move, typing jumps to an item ("d" → "Dark mode"), the typed text resets after 500 ms. */
export const Open: Story = { render: () => account(true) };

export const WithSectionsAndSelection: Story = {
  render: () => (
    <MenuTrigger defaultOpen>
      <Button variant="outline">Sort</Button>
      <Menu aria-label="Sort" selectionMode="single" defaultSelectedKeys={['newest']}>
        <MenuSection title="Order">
          <MenuItem id="newest">Newest first</MenuItem>
          <MenuItem id="oldest">Oldest first</MenuItem>
          <MenuItem id="popular" description="Most plays this week">
            Popular
          </MenuItem>
        </MenuSection>
      </Menu>
    </MenuTrigger>
  ),
};

export const WithSubmenuAndDisabled: Story = {
  render: () => (
    <MenuTrigger defaultOpen>
      <Button variant="outline">Actions</Button>
      <Menu aria-label="Actions">
        <MenuItem id="edit">Edit</MenuItem>
        <SubmenuTrigger>
          <MenuItem id="share">Share</MenuItem>
          <Menu aria-label="Share" placement="end top">
            <MenuItem id="copy">Copy link</MenuItem>
            <MenuItem id="email">Email</MenuItem>
          </Menu>
        </SubmenuTrigger>
        <MenuItem id="archive" isDisabled>
          Archive
        </MenuItem>
        <MenuItem id="delete" variant="danger">
          Delete
        </MenuItem>
      </Menu>
    </MenuTrigger>
  ),
};

/** Many items: the menu scrolls inside its 420 px maximum height. */
export const LongMenu: Story = {
  render: () => (
    <MenuTrigger defaultOpen>
      <Button variant="outline">Genres</Button>
      <Menu
        aria-label="Genres"
        items={Array.from({ length: 30 }, (_, i) => ({ id: `g${i}`, name: `Genre ${i + 1}` }))}
      >
        {(item) => <MenuItem id={item.id}>{item.name}</MenuItem>}
      </Menu>
    </MenuTrigger>
  ),
};

export const Dark: Story = { render: () => account(true), globals: { theme: 'dark' } };
export const RightToLeft: Story = { render: () => account(true), globals: { direction: 'rtl' } };
