import type { Meta, StoryObj } from '@storybook/react-vite';
import { IconButton } from '../button/button';
import { BellIcon } from '../icons/icons';
import { Navbar } from './navbar';
import { authDropdownMenu, navbarMenu, storyBranding } from './shell.fixtures';

const user = {
  email: 'ada@example.com',
  display_name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  avatar: null,
  subscriptions: [{ valid: true }],
};

const bell = (
  <IconButton aria-label="Notifications" round>
    <BellIcon />
  </IconButton>
);

const noop = () => {};

const meta = {
  title: 'Shell/Navbar',
  component: Navbar,
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ minHeight: 460 }}>{Story()}</div>],
  args: { branding: storyBranding, menu: navbarMenu, currentPath: '/pricing', isMobile: false },
} satisfies Meta<typeof Navbar>;
export default meta;

type Story = StoryObj<typeof meta>;

const loggedIn = {
  user,
  accountMenu: authDropdownMenu,
  profileHref: '/user/1',
  notifications: { unreadCount: 3 },
  notificationsSlot: bell,
  theme: { canChange: true, isDark: false, toggle: noop },
  onLogout: noop,
};

/** A visitor sees Login and Register. */
export const Visitor: Story = {};
/** Registration disabled: Register is hidden. */
export const VisitorRegistrationDisabled: Story = { args: { registrationDisabled: true } };
export const LoggedIn: Story = { args: loggedIn };
/** The account dropdown open: auth-dropdown items, Profile page, Billing, Dark mode, Log out. */
export const AccountMenuOpen: Story = {
  args: loggedIn,
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('.bl-navbar__account')?.click();
  },
};
/** Not a subscriber, theme locked: no Billing, no theme entry. */
export const LoggedInMinimal: Story = {
  args: {
    user: { ...user, subscriptions: [] },
    onLogout: noop,
    theme: { canChange: false, isDark: false, toggle: noop },
  },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('.bl-navbar__account')?.click();
  },
};
export const MobileVisitor: Story = {
  args: { isMobile: true },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
/** On mobile the visitor buttons collapse into a menu. */
export const MobileVisitorMenuOpen: Story = {
  args: { isMobile: true },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('.bl-navbar__end button')?.click();
  },
};
/** On mobile the account menu lists Notifications with the unread count. */
export const MobileAccountMenuOpen: Story = {
  args: { ...loggedIn, isMobile: true },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('.bl-navbar__account')?.click();
  },
};
export const Dark: Story = {
  args: { ...loggedIn, theme: { canChange: true, isDark: true, toggle: noop } },
  globals: { theme: 'dark' },
};
export const DarkVisitor: Story = { globals: { theme: 'dark' } };
export const RightToLeft: Story = { args: loggedIn, globals: { direction: 'rtl' } };
export const RightToLeftVisitor: Story = { globals: { direction: 'rtl' } };

const workspaces = {
  items: [
    { id: 0, name: 'Default' },
    { id: 7, name: 'Night Shift' },
    { id: 9, name: 'Label A&R' },
  ],
  activeId: 7,
  onSelect: noop,
  manageHref: '/workspaces',
};

/** The workspace switcher leads the account menu: "Workspace" names the active one, then "Manage workspaces". */
export const WorkspaceSwitcher: Story = {
  args: { ...loggedIn, workspaces },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('.bl-navbar__account')?.click();
  },
};
/** The switcher on a phone. */
export const MobileWorkspaceSwitcher: Story = {
  args: { ...loggedIn, workspaces, isMobile: true },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('.bl-navbar__account')?.click();
  },
};
