import { redirectTarget } from '@backline/core';
import { useBootstrap } from '@backline/core/react';
import { type ReactNode, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';

/**
 * Guards the sign-in screens: a user who arrives logged in is sent to the default redirect address, unless
 * the appearance editor is previewing the site (its owner, logged in, still needs to see and theme them).
 * Renders `children`, or the nested routes.
 */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const data = useBootstrap();
  const { isAppearanceEditorActive, redirectUri, adminRedirectUri } = useAuthConfig();
  // Someone who logs in on one of these screens is sent on by the screen itself (to the redirect target,
  // or to `/` after a registration awaiting verification); redirecting here as well would race it.
  const [arrivedLoggedIn] = useState(() => Boolean(data.user));
  if (arrivedLoggedIn && data.user && !isAppearanceEditorActive()) {
    return <Navigate to={redirectTarget(data, { redirectUri, adminRedirectUri })} replace />;
  }
  return children ?? <Outlet />;
}
