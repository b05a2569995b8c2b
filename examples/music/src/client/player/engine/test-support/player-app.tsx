import '@backline/ui/styles.css';
import { createBootstrapStore } from '@backline/core';
import { BacklineProvider, useHttp } from '@backline/core/react';
import { createI18n, ToastRegion, UiProvider } from '@backline/ui';
import { type ReactNode, useCallback } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { musicUploads } from '../../../../contract';
import { PlayerBar, PlayerProvider, type PlayerTrack, usePlayer } from '../../index';

// A page for the player's browser test: the real provider (with persistence), the bar, a search field to type in,
// and a button that plays the album the test server serves. Links only log, as in Storybook.

declare global {
  interface Window {
    testTracks: PlayerTrack[];
  }
}

function Album() {
  const player = usePlayer();
  return (
    <main>
      <label>
        Search <input type="search" name="search" />
      </label>
      <button
        type="button"
        onClick={() => player.playList(window.testTracks, 0, { type: 'album', id: 1, name: 'Test tones' })}
      >
        Play album
      </button>
      <output data-testid="playing">{player.isPlaying ? 'playing' : 'stopped'}</output>
    </main>
  );
}

/** The provider as the site mounts it: the seek bar's waveforms come from `GET tracks/{id}/waveform`. */
function Player({ children }: { children: ReactNode }) {
  const http = useHttp();
  const loadWaveform = useCallback(
    async (id: number) => (await http.call(musicUploads.waveform, { params: { id } })).peaks,
    [http],
  );
  return <PlayerProvider loadWaveform={loadWaveform}>{children}</PlayerProvider>;
}

const store = createBootstrapStore();
const i18n = createI18n(store.getSnapshot().i18n);
createRoot(document.getElementById('root')!).render(
  <BacklineProvider store={store}>
    <I18nextProvider i18n={i18n}>
      <UiProvider navigate={(path: string) => console.info(`navigate ${path}`)}>
        <Player>
          <Album />
          <footer>
            <PlayerBar />
          </footer>
        </Player>
        <ToastRegion />
      </UiProvider>
    </I18nextProvider>
  </BacklineProvider>,
);
