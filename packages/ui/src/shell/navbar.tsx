import type { User } from '@backline/core';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../avatar/avatar';
import { Button, ButtonLink, IconButton } from '../button/button';
import { ChevronDownIcon, LogoutIcon, MenuIcon, MoonIcon, SunIcon, UserIcon } from '../icons/icons';
import { Menu, MenuItem, MenuTrigger, SubmenuTrigger } from '../menu/menu';
import { useIsMobile } from '../responsive/media-query';
import { cx } from '../utils/cx';
import {
  type AccountMenuEntry,
  accountMenuEntries,
  hasValidSubscription,
  userDisplayName,
  visitorEntries,
} from './account-menu';
import { Logo } from './logo';
import { isCurrentItem, MenuLinks, menuItemLinkProps } from './menu-links';
import { type Branding, linkItems, type ShellMenuItem, type ThemeToggle } from './shell-types';

/** The fields of the user the navbar shows. */
export type NavbarUser = Pick<
  User,
  'email' | 'display_name' | 'first_name' | 'last_name' | 'avatar' | 'subscriptions'
>;

/** The workspace switcher of the account menu: the user's workspaces, the active one, and how to switch. */
export interface NavbarWorkspaces {
  /** The workspaces to offer, the Default one (id 0) included. */
  items: readonly { id: number; name: string }[];
  activeId: number;
  onSelect(id: number): void;
  /** The workspaces management page, listed as "Manage workspaces". */
  manageHref?: string;
}

export interface NavbarProps {
  branding: Branding;
  /** The navbar's menu items (already filtered by the core's menu rule). */
  menu?: readonly ShellMenuItem[];
  /** The logged-in user, or null for a visitor (who sees Login and Register). */
  user?: NavbarUser | null;
  /** `registration.disable`: hides Register. */
  registrationDisabled?: boolean;
  loginHref?: string;
  registerHref?: string;
  /** Items of the `auth-dropdown` menu (already filtered). */
  accountMenu?: readonly ShellMenuItem[];
  /** The user's profile page, when the site has one. */
  profileHref?: string | null;
  /** Pass when notifications are integrated: the account menu then lists them on mobile, with the count. */
  notifications?: { unreadCount: number; href?: string } | null;
  billingHref?: string;
  /** The theme switch; shown in the account menu only when `canChange` (`themes.user_change`). */
  theme?: ThemeToggle | null;
  onLogout?: () => void;
  /** The workspace switcher, shown first in the account menu; absent when the site has no workspaces. */
  workspaces?: NavbarWorkspaces | null;
  /** The notifications popover (bell); shown for logged-in users on wide screens. */
  notificationsSlot?: ReactNode;
  /** Extra content before the account area, such as a search field. */
  children?: ReactNode;
  /** The current path, to mark the matching menu item with `aria-current="page"`. */
  currentPath?: string;
  /** Forces the mobile or desktop layout; by default it follows the 768 px breakpoint. */
  isMobile?: boolean;
  className?: string;
}

/**
 * The top navigation bar: logo, menu, and either Login/Register for visitors or the account dropdown.
 * Purely prop-driven; feed it from the core hooks (`useUser`, `useSettings`, the menu filter).
 */
export function Navbar({
  branding,
  menu = [],
  user,
  registrationDisabled,
  loginHref,
  registerHref,
  accountMenu,
  profileHref,
  notifications,
  billingHref,
  theme,
  onLogout,
  workspaces,
  notificationsSlot,
  children,
  currentPath,
  isMobile: forcedMobile,
  className,
}: NavbarProps) {
  const { t } = useTranslation();
  const mediaMobile = useIsMobile();
  const isMobile = forcedMobile ?? mediaMobile;
  const links = linkItems(menu);
  const innerRef = useRef<HTMLDivElement>(null);
  const linksRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const linksFit = useLinksFit(innerRef, linksRef, endRef, !isMobile && links.length > 0);
  // Links that do not fit beside the logo and the account area go into the menu button, as on a phone.
  const collapsed = !isMobile && !linksFit;

  return (
    <header className={cx('bl-navbar', className)} data-mobile={isMobile || undefined}>
      <div className="bl-navbar__inner" ref={innerRef}>
        {(isMobile || collapsed) && links.length > 0 ? (
          <MenuTrigger>
            <IconButton aria-label={t('Menu')} className="bl-navbar__menu-button">
              <MenuIcon />
            </IconButton>
            <Menu aria-label={t('Menu')} items={links}>
              {(item) => (
                <MenuItem
                  id={String(item.id)}
                  {...menuItemLinkProps(item)}
                  aria-current={isCurrentItem(item, currentPath) ? 'page' : undefined}
                >
                  {t(item.label)}
                </MenuItem>
              )}
            </Menu>
          </MenuTrigger>
        ) : null}
        <Logo
          {...branding}
          className="bl-navbar__logo"
          // Without this, a phone would render the light and dark images at desktop size.
          {...(isMobile ? {} : { logoLightMobile: null, logoDarkMobile: null })}
        />
        {!isMobile && links.length > 0 ? (
          // Collapsed, the links stay in the page unseen (and out of the accessibility tree): their width says
          // when they fit again.
          <div
            ref={linksRef}
            className="bl-navbar__links"
            data-collapsed={collapsed || undefined}
            aria-hidden={collapsed || undefined}
          >
            <MenuLinks items={menu} label={t('Main')} currentPath={currentPath} className="bl-navbar__menu" />
          </div>
        ) : null}
        <div className="bl-navbar__end" ref={endRef}>
          {children}
          {user ? (
            <>
              {!isMobile ? notificationsSlot : null}
              <AccountDropdown
                user={user}
                isMobile={isMobile}
                entries={accountMenuEntries({
                  items: accountMenu,
                  profileHref,
                  notifications,
                  isMobile,
                  isSubscribed: hasValidSubscription(user),
                  billingHref,
                  theme,
                  workspaces,
                })}
                workspaces={workspaces}
                onToggleTheme={theme?.toggle}
                onLogout={onLogout}
              />
            </>
          ) : (
            <VisitorActions
              isMobile={isMobile}
              entries={visitorEntries({ registrationDisabled, loginHref, registerHref })}
            />
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * Whether the menu links fit on one line between the logo and the account area. The links never wrap (a second
 * row would break the bar's fixed height); when they do not fit, the navbar shows them in the menu button instead.
 * Measured whenever the bar or its account area changes size.
 */
function useLinksFit(
  innerRef: RefObject<HTMLDivElement | null>,
  linksRef: RefObject<HTMLDivElement | null>,
  endRef: RefObject<HTMLDivElement | null>,
  enabled: boolean,
): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!enabled || !inner || typeof ResizeObserver === 'undefined') {
      setFits(true);
      return;
    }
    const measure = () => {
      const links = linksRef.current;
      if (!links) return;
      const style = getComputedStyle(inner);
      const gap = Number.parseFloat(style.columnGap) || 0;
      const padding =
        (Number.parseFloat(style.paddingInlineStart) || 0) + (Number.parseFloat(style.paddingInlineEnd) || 0);
      // Everything in the bar but the links (and the menu button, there only while collapsed) keeps its width.
      let others = 0;
      let count = 0;
      for (const child of Array.from(inner.children) as HTMLElement[]) {
        if (child === links || child.classList.contains('bl-navbar__menu-button')) continue;
        others += child.getBoundingClientRect().width;
        count++;
      }
      const needed = (links.firstElementChild as HTMLElement | null)?.scrollWidth ?? 0;
      setFits(padding + others + gap * count + needed <= inner.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    if (endRef.current) observer.observe(endRef.current);
    if (linksRef.current?.firstElementChild) observer.observe(linksRef.current.firstElementChild);
    return () => observer.disconnect();
  }, [innerRef, linksRef, endRef, enabled]);
  return fits;
}

function VisitorActions({
  isMobile,
  entries,
}: {
  isMobile: boolean;
  entries: ReturnType<typeof visitorEntries>;
}) {
  const { t } = useTranslation();
  if (isMobile) {
    return (
      <MenuTrigger>
        <IconButton aria-label={t('Account')}>
          <UserIcon />
        </IconButton>
        <Menu aria-label={t('Account')} placement="bottom end" items={entries}>
          {(entry) => (
            <MenuItem id={entry.id} href={entry.href}>
              {t(entry.label)}
            </MenuItem>
          )}
        </Menu>
      </MenuTrigger>
    );
  }
  return (
    <div className="bl-navbar__visitor">
      {entries.map((entry) => (
        <ButtonLink key={entry.id} href={entry.href} variant={entry.id === 'register' ? 'primary' : 'text'}>
          {t(entry.label)}
        </ButtonLink>
      ))}
    </div>
  );
}

function AccountDropdown({
  user,
  isMobile,
  entries,
  workspaces,
  onToggleTheme,
  onLogout,
}: {
  user: NavbarUser;
  isMobile: boolean;
  entries: AccountMenuEntry[];
  workspaces?: NavbarWorkspaces | null;
  onToggleTheme?: () => void;
  onLogout?: () => void;
}) {
  const { t } = useTranslation();
  const name = userDisplayName(user);
  const onAction = (key: Key) => {
    if (key === 'theme') onToggleTheme?.();
    if (key === 'logout') onLogout?.();
  };
  return (
    <MenuTrigger>
      <Button
        variant="text"
        className="bl-navbar__account"
        // Named by attribute: the menu is labelled by this button while the button itself is inert.
        aria-label={name}
      >
        <Avatar name={name} src={user.avatar} size="sm" isDecorative />
        {!isMobile ? (
          <>
            <span className="bl-navbar__account-name">{name}</span>
            <ChevronDownIcon size={16} />
          </>
        ) : null}
      </Button>
      <Menu aria-label={name} placement="bottom end" items={entries} onAction={onAction}>
        {(entry) =>
          entry.kind === 'workspaces' && workspaces ? (
            <SubmenuTrigger>
              <MenuItem
                id={entry.id}
                textValue={t(entry.label)}
                description={workspaces.items.find((w) => w.id === workspaces.activeId)?.name ?? t('Default')}
              >
                {t(entry.label)}
              </MenuItem>
              <Menu
                aria-label={t('Workspaces')}
                placement="start top"
                items={workspaces.items}
                selectionMode="single"
                disallowEmptySelection
                selectedKeys={[`workspace-${workspaces.activeId}`]}
                onAction={(key) => workspaces.onSelect(Number(String(key).slice('workspace-'.length)))}
              >
                {(workspace) => (
                  <MenuItem id={`workspace-${workspace.id}`} textValue={workspace.name}>
                    {workspace.id === 0 ? t(workspace.name) : workspace.name}
                  </MenuItem>
                )}
              </Menu>
            </SubmenuTrigger>
          ) : entry.kind === 'link' ? (
            <MenuItem
              id={entry.id}
              href={entry.href}
              {...(entry.target && { target: entry.target })}
              end={entry.badge ? <span className="bl-badge">{entry.badge}</span> : undefined}
            >
              {t(entry.label)}
            </MenuItem>
          ) : (
            <MenuItem
              id={entry.id}
              icon={
                entry.kind === 'logout' ? (
                  <LogoutIcon size={18} />
                ) : entry.label === 'Light mode' ? (
                  <SunIcon size={18} />
                ) : (
                  <MoonIcon size={18} />
                )
              }
            >
              {t(entry.label)}
            </MenuItem>
          )
        }
      </Menu>
    </MenuTrigger>
  );
}
