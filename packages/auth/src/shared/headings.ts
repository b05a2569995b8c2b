/**
 * Headings of the register and login screens (spec accounts §2). The workspace variants are every path
 * that contains the word `workspace` (`/workspace/join/register`, `/workspace/join/login`).
 */

export type RegisterHeading =
  | 'Create a new account'
  | "First, let's create your account"
  | 'To join your team on :siteName, create an account';

export type LoginHeading =
  | 'Sign in to your account'
  | 'To join your team on :siteName, login to your account';

/** Whether a path is the workspace-invitation variant of a screen. */
export function isWorkspacePath(pathname: string): boolean {
  return /(^|\/)workspace(\/|$)/.test(pathname);
}

/** The register heading: workspace path first, then `redirectFrom=pricing`, else the default. */
export function registerHeading(pathname: string, search: URLSearchParams): RegisterHeading {
  if (isWorkspacePath(pathname)) return 'To join your team on :siteName, create an account';
  if (search.get('redirectFrom') === 'pricing') return "First, let's create your account";
  return 'Create a new account';
}

/** The login heading: the workspace variant on workspace paths, else the default. */
export function loginHeading(pathname: string): LoginHeading {
  return isWorkspacePath(pathname)
    ? 'To join your team on :siteName, login to your account'
    : 'Sign in to your account';
}

/** The paths the screens link to each other with, keeping the workspace variant. */
export function authPaths(pathname: string): { login: string; register: string } {
  return isWorkspacePath(pathname)
    ? { login: '/workspace/join/login', register: '/workspace/join/register' }
    : { login: '/login', register: '/register' };
}
