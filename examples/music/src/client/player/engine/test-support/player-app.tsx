import '@backline/ui/styles.css';
import { createBootstrapStore } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { createI18n, ToastRegion, UiProvider } from '@backline/ui';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
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

const store = createBootstrapStore();
const i18n = createI18n(store.getSnapshot().i18n);
createRoot(document.getElementById('root')!).render(
  <BacklineProvider store={store}>
    <I18nextProvider i18n={i18n}>
      <UiProvider navigate={(path: string) => console.info(`navigate ${path}`)}>
        <PlayerProvider>
          <Album />
          <footer>
            <PlayerBar />
          </footer>
        </PlayerProvider>
        <ToastRegion />
      </UiProvider>
    </I18nextProvider>
  </BacklineProvider>,
);
