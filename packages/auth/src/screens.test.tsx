import { type BootstrapData, createBootstrapStore, EMPTY_BOOTSTRAP } from '@backline/core';
import { BacklineProvider } from '@backline/core/react';
import { createI18n } from '@backline/ui';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from './forgot-password/forgot-password-page';
import { LoginPage } from './login/login-page';
import { RegisterPage } from './register/register-page';
import { authRoutes } from './routes/auth-routes';

const site = (settings: Record<string, unknown> = {}): BootstrapData => ({
  ...EMPTY_BOOTSTRAP,
  settings: {
    branding: { site_name: 'Night Owl Radio' },
    registration: {
      disable: false,
      policies: [
        { id: 'terms', label: 'Terms of service', action: '/pages/terms' },
        { id: 'privacy', name: 'Privacy policy' },
      ],
    },
    menus: [
      {
        id: 1,
        positions: ['auth-page-footer'],
        items: [{ id: 1, label: 'Contact us', type: 'route', action: '/contact' }],
      },
    ],
    ...settings,
  },
});

const render = (element: ReactNode, path: string, data = site(), lines: Record<string, string> = {}) =>
  renderToString(
    <BacklineProvider store={createBootstrapStore(data)}>
      <I18nextProvider i18n={createI18n({ language: 'en', lines })}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </I18nextProvider>
    </BacklineProvider>,
  );

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('register screen', () => {
  it('shows the fields, one checkbox per policy, the submit button and the sign-in line', () => {
    const html = render(<RegisterPage />, '/register');
    const words = text(html);
    expect(words).toContain('Create a new account');
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*name="password_confirmation"/);
    expect(html).toMatch(/<input[^>]*name="terms"[^>]*type="checkbox"|type="checkbox"[^>]*name="terms"/);
    expect(words).toContain('I accept the Terms of service');
    expect(words).toContain('I accept the Privacy policy');
    expect(html).toContain('href="/pages/terms"');
    expect(words).toContain('Create account');
    expect(words).toContain('Already have an account? Sign in .');
    // The site's auth-page-footer menu and name frame the card.
    expect(words).toContain('Contact us');
    expect(words).toContain('© Night Owl Radio');
  });

  it('names the site in the workspace heading and follows pricing', () => {
    expect(text(render(<RegisterPage />, '/workspace/join/register'))).toContain(
      'To join your team on Night Owl Radio, create an account',
    );
    expect(text(render(<RegisterPage />, '/register?redirectFrom=pricing'))).toContain(
      "First, let's create your account",
    );
  });

  it('pre-fills and locks the email from the query', () => {
    const html = render(<RegisterPage />, '/register?email=fan%40example.com');
    const input = html.match(/<input[^>]*name="email"[^>]*>/)?.[0] ?? '';
    expect(input).toContain('value="fan@example.com"');
    expect(input).toContain('disabled');
  });

  it('renders nothing of itself when registration is disabled (it redirects to log in)', () => {
    const html = render(
      <RegisterPage />,
      '/register',
      site({ registration: { disable: true, policies: [] } }),
    );
    expect(html).not.toContain('Create account');
  });

  it('speaks the site language, with the English line as the key', () => {
    const words = text(
      render(<RegisterPage />, '/register', site(), {
        'Create a new account': 'Créer un compte',
        'I accept the :name': "J'accepte :name",
      }),
    );
    expect(words).toContain('Créer un compte');
    expect(words).toContain("J'accepte Terms of service");
  });
});

describe('login screen', () => {
  it('keeps you signed in for a month by default and offers the way back in', () => {
    const html = render(<LoginPage />, '/login');
    const words = text(html);
    expect(words).toContain('Sign in to your account');
    expect(html).toMatch(/<input[^>]*name="remember"[^>]*checked|checked=""[^>]*name="remember"/);
    expect(words).toContain('Stay signed in for a month');
    expect(html).toContain('href="/forgot-password"');
    expect(words).toContain('Forgot your password');
    expect(words).toContain('Continue');
    expect(words).toContain("Don't have an account? Sign up .");
  });

  it('hides Sign up when registration is disabled', () => {
    const words = text(
      render(<LoginPage />, '/login', site({ registration: { disable: true, policies: [] } })),
    );
    expect(words).not.toContain('Sign up');
    expect(
      text(render(<ForgotPasswordPage />, '/forgot-password', site({ registration: { disable: true } }))),
    ).not.toContain('Sign up');
  });

  it('names the site in the workspace heading', () => {
    expect(text(render(<LoginPage />, '/workspace/join/login'))).toContain(
      'To join your team on Night Owl Radio, login to your account',
    );
  });

  it('pre-fills the fixed demo admin on a demo site, unless an email is given', () => {
    const demo = site({ site: { demo: true } });
    expect(render(<LoginPage />, '/login', demo)).toMatch(
      /name="email"[^>]*value="admin@admin.com"|value="admin@admin.com"[^>]*name="email"/,
    );
    expect(render(<LoginPage />, '/login?email=me%40example.com', demo)).not.toContain('admin@admin.com');
    expect(render(<LoginPage />, '/login')).not.toContain('admin@admin.com');
  });
});

describe('authRoutes()', () => {
  it('mounts every screen at its path', () => {
    const at = (path: string) => text(render(<Routes>{authRoutes()}</Routes>, path));
    expect(at('/login')).toContain('Sign in to your account');
    expect(at('/workspace/join/login')).toContain(
      'To join your team on Night Owl Radio, login to your account',
    );
    expect(at('/register')).toContain('Create a new account');
    expect(at('/forgot-password')).toContain('Forgot your password?');
    expect(at('/password/reset/a-token')).toContain('Reset your password');
  });
});
