import '@backline/ui/styles.css';
import '@backline/auth/styles.css';
import { mountBacklineApp } from '@backline/account/app';
import { AuthRoute } from '@backline/auth';
import { lazy } from 'react';
import { Route } from 'react-router-dom';

// The admin area is a chunk of its own, so public pages download none of it.
const AdminArea = lazy(() => import('./admin-area'));

mountBacklineApp(undefined, {
  // `fullPage`: the admin area draws its own frame (sidebar, navbar), so it sits outside the site's layout.
  fullPage: (
    // Visitors go to /login; a signed-in user without admin.access gets the 404 page.
    <Route element={<AuthRoute permission="admin.access" />}>
      <Route path="/admin/*" element={<AdminArea />} />
    </Route>
  ),
});
