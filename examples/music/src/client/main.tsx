import '@backline/ui/styles.css';
import './app.css';
import { applyTheme, createBootstrapStore, resolveTheme } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { createI18n } from '@backline/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';

// The server injected the bootstrap data into index.html, so the first render needs no request.
const store = createBootstrapStore();
const initial = store.getSnapshot();
const theme = resolveTheme(initial, Number(document.cookie.match(/be-active-theme=(\d+)/)?.[1]) || null);
if (theme) applyTheme(theme);
const i18n = createI18n(initial.i18n);
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BacklineProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </BacklineProvider>
  </StrictMode>,
);
