import '@backline/ui/styles.css';
import '@backline/auth/styles.css';
import { mountBacklineApp } from '@backline/account/app';
import { AuthRoute } from '@backline/auth';
import { lazy } from 'react';
import { Route } from 'react-router-dom';

// The page is a chunk of its own: visitors who never open it never download it.
const BookmarksPage = lazy(() => import('./bookmarks-page'));

mountBacklineApp(
  // AuthRoute sends visitors to /login and back here after they sign in.
  <Route element={<AuthRoute />}>
    <Route path="/bookmarks" element={<BookmarksPage />} />
  </Route>,
);
