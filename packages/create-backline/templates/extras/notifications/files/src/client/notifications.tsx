import { AuthRoute } from '@backline/auth';
import { lazy } from 'react';
import { Route } from 'react-router-dom';

// The notifications pages load in a chunk of their own, with their stylesheet.
const Notifications = lazy(() => import('./notifications-pages'));

export const notificationRoutes = (
  <Route element={<AuthRoute />}>
    <Route path="/notifications/*" element={<Notifications />} />
  </Route>
);
