import { can } from '@backline/core';
import { useBootstrap } from '@backline/core/react';
import { NotFoundPage } from '@backline/ui';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useAuthConfig } from '../config/auth-config';

export interface AuthRouteProps {
  /** Only logged-in users pass (default true). */
  requireLogin?: boolean;
  /** A permission the user (for a visitor, the guest role) must hold. */
  permission?: string;
  children?: ReactNode;
}

/** What a route guard decides for the current person (spec accounts §6). */
export type GuardOutcome = 'allow' | 'login' | 'not-found';

/**
 * The rule behind `AuthRoute`: allowed when login and permission requirements hold; otherwise a visitor
 * goes to log in and a logged-in user gets the 404 page (a missing permission is not advertised).
 */
export function guardOutcome(
  data: Parameters<typeof can>[0],
  { requireLogin = true, permission }: Pick<AuthRouteProps, 'requireLogin' | 'permission'>,
): GuardOutcome {
  const loggedIn = Boolean(data.user);
  if ((!requireLogin || loggedIn) && (!permission || can(data, permission))) return 'allow';
  return loggedIn ? 'not-found' : 'login';
}

/**
 * Guards a route by login and/or permission: a logged-out visitor goes to `/login`, a logged-in user
 * lacking the permission sees the 404 page, anyone else gets `children` (or the nested routes).
 */
export function AuthRoute({ requireLogin = true, permission, children }: AuthRouteProps) {
  const data = useBootstrap();
  const { loginPath, notFound } = useAuthConfig();
  const outcome = guardOutcome(data, { requireLogin, permission });
  if (outcome === 'login') return <Navigate to={loginPath} replace />;
  if (outcome === 'not-found') return <>{notFound ?? <NotFoundPage />}</>;
  return children ?? <Outlet />;
}
