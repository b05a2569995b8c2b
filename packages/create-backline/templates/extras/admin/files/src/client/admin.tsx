import { AuthRoute } from '@backline/auth';
import { lazy } from 'react';
import { Route } from 'react-router-dom';

// The admin area loads in a chunk of its own; a signed-in user without admin.access gets the 404 page.
const AdminArea = lazy(() => import('./admin-area'));

export const adminRoutes = (
  <Route element={<AuthRoute permission="admin.access" />}>
    <Route path="/admin/*" element={<AdminArea />} />
  </Route>
);
