import { useUser } from '@backline/core/react';
import { Button, Link, type ShellMenuItem } from '@backline/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMyPlaylists } from '../api';
import { DeferredPlaylistFormDialog } from '../deferred-playlist-form';
import {
  ChartIcon,
  CompassIcon,
  DiscIcon,
  GridIcon,
  HeartIcon,
  HistoryIcon,
  ListMusicIcon,
  MicIcon,
  PlusIcon,
  SearchIcon,
  UsersIcon,
} from '../icons';

/**
 * The web player's navigation: browse, the listener's music, and their playlists. In the phone drawer it also
 * lists the site's own menu (`siteMenu`), so a phone's header has one menu button, not the navbar's and the
 * player's side by side.
 */
export function Sidebar({
  onNavigate,
  siteMenu = [],
}: {
  onNavigate?: () => void;
  siteMenu?: readonly ShellMenuItem[];
}) {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const playlists = useMyPlaylists();
  const [creating, setCreating] = useState(false);
  const isCurrent = (href: string) =>
    href === '/discover'
      ? pathname === '/' || pathname === '/discover'
      : pathname === href || pathname.startsWith(`${href}/`);
  const item = (href: string, label: string, icon: ReactNode) => (
    <li key={href}>
      <Link
        href={href}
        variant="inherit"
        className="music-sidebar__link"
        aria-current={isCurrent(href) ? 'page' : undefined}
        onPress={onNavigate}
      >
        {icon}
        <span>{label}</span>
      </Link>
    </li>
  );
  const browse = [
    { href: '/discover', label: t('Discover'), icon: <CompassIcon /> },
    { href: '/genres', label: t('Genres'), icon: <GridIcon /> },
    { href: '/top-50', label: t('Top 50'), icon: <ChartIcon /> },
    { href: '/search', label: t('Search'), icon: <SearchIcon /> },
  ];
  const yourMusic = [
    { href: '/library/songs', label: t('Songs'), icon: <HeartIcon /> },
    { href: '/library/albums', label: t('Albums'), icon: <DiscIcon /> },
    { href: '/library/artists', label: t('Artists'), icon: <MicIcon /> },
    { href: '/library/playlists', label: t('Playlists'), icon: <ListMusicIcon /> },
    { href: '/library/history', label: t('History'), icon: <HistoryIcon /> },
    // Playlists belong to the active workspace, so the way to share them sits with them. The account menu's
    // switcher shows only once a listener has a workspace besides Default, so this is how they make the first.
    ...(user ? [{ href: '/workspaces', label: t('Workspaces'), icon: <UsersIcon /> }] : []),
  ];
  // The site's menu often repeats a browse entry (Discover is the site's home): list each place once.
  const siteEntries = siteMenu.filter(
    (entry) => entry.action && !browse.some((b) => entry.type !== 'link' && b.href === entry.action),
  );
  return (
    <nav className="music-sidebar" aria-label={t('Web player')}>
      <ul className="music-sidebar__list">
        {browse.map((entry) => item(entry.href, entry.label, entry.icon))}
      </ul>
      <h2 className="music-sidebar__heading">{t('Your music')}</h2>
      <ul className="music-sidebar__list">
        {yourMusic.map((entry) => item(entry.href, entry.label, entry.icon))}
      </ul>
      <Button
        variant="outline"
        size="sm"
        className="music-sidebar__new"
        onPress={() => {
          if (user) setCreating(true);
          else navigate('/login');
        }}
      >
        <PlusIcon size={16} />
        {t('New playlist')}
      </Button>
      {user && (playlists.data?.pagination.data.length ?? 0) > 0 ? (
        <ul className="music-sidebar__playlists" aria-label={t('Your playlists')}>
          {playlists.data?.pagination.data.map((playlist) => (
            <li key={playlist.id}>
              <Link
                href={playlist.path}
                variant="inherit"
                className="music-sidebar__playlist"
                aria-current={pathname === playlist.path ? 'page' : undefined}
                onPress={onNavigate}
              >
                {playlist.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {siteEntries.length > 0 ? (
        <>
          <h2 className="music-sidebar__heading">{t('Menu')}</h2>
          <ul className="music-sidebar__list">
            {siteEntries.map((entry) =>
              entry.action ? (
                <li key={entry.id}>
                  <Link
                    href={entry.action}
                    variant="inherit"
                    className="music-sidebar__link"
                    aria-current={entry.type !== 'link' && isCurrent(entry.action) ? 'page' : undefined}
                    {...(entry.target && { target: entry.target })}
                    {...(entry.target === '_blank' && { rel: 'noopener noreferrer' })}
                    onPress={onNavigate}
                  >
                    <span>{t(entry.label)}</span>
                  </Link>
                </li>
              ) : null,
            )}
          </ul>
        </>
      ) : null}
      <DeferredPlaylistFormDialog isOpen={creating} onOpenChange={setCreating} />
    </nav>
  );
}
