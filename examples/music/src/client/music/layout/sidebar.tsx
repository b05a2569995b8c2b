import { useUser } from '@backline/core/react';
import { Button, Link } from '@backline/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMyPlaylists } from '../api';
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
} from '../icons';
import { PlaylistFormDialog } from '../playlist-dialogs';

/** The web player's navigation: browse, the listener's music, and their playlists. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const playlists = useMyPlaylists();
  const [creating, setCreating] = useState(false);
  const isCurrent = (href: string) =>
    href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
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
    { href: '/', label: t('Discover'), icon: <CompassIcon /> },
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
  ];
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
      <PlaylistFormDialog isOpen={creating} onOpenChange={setCreating} />
    </nav>
  );
}
