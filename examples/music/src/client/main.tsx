import '@backline/ui/styles.css';
import '@backline/auth/styles.css';
import './app.css';
import './pages/landing/landing-header.css';
import { displayedTheme } from '@backline/appearance';
import { applyTheme, createBootstrapStore } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { createI18n } from '@backline/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';

// The server injected the bootstrap data into index.html, so the first render needs no request.
const store = createBootstrapStore();
const initial = store.getSnapshot();
// Paint the theme before React renders (the server already did, from the same rule): the be-active-theme
// cookie when users may choose, else the site's default; in the editor's preview, the editor's pick.
const theme = displayedTheme(initial);
if (theme) applyTheme(theme);
const i18n = createI18n(initial.i18n);

// BacklineProvider also creates the http client and a QueryClient with Backline's query defaults.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BacklineProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </I18nextProvider>
    </BacklineProvider>
  </StrictMode>,
);
