import { describe, expect, it } from 'vitest';
import { authPaths, isWorkspacePath, loginHeading, registerHeading } from './headings';

const query = (search = '') => new URLSearchParams(search);

describe('sign-in headings (spec accounts §2)', () => {
  it('register: default, after pricing, and for a workspace invitation', () => {
    expect(registerHeading('/register', query())).toBe('Create a new account');
    expect(registerHeading('/register', query('redirectFrom=pricing'))).toBe(
      "First, let's create your account",
    );
    expect(registerHeading('/register', query('redirectFrom=home'))).toBe('Create a new account');
    expect(registerHeading('/workspace/join/register', query())).toBe(
      'To join your team on :siteName, create an account',
    );
    expect(registerHeading('/workspace/join/register', query('redirectFrom=pricing'))).toBe(
      'To join your team on :siteName, create an account',
    );
  });

  it('login: default and for a workspace invitation', () => {
    expect(loginHeading('/login')).toBe('Sign in to your account');
    expect(loginHeading('/workspace/join/login')).toBe(
      'To join your team on :siteName, login to your account',
    );
  });

  it('recognise the word workspace as a path segment only', () => {
    expect(isWorkspacePath('/workspace/join/login')).toBe(true);
    expect(isWorkspacePath('/workspaces-guide/login')).toBe(false);
    expect(authPaths('/workspace/join/register')).toEqual({
      login: '/workspace/join/login',
      register: '/workspace/join/register',
    });
    expect(authPaths('/register')).toEqual({ login: '/login', register: '/register' });
  });
});
