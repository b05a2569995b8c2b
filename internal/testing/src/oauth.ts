import type { SocialOptions } from '@backline/server';
import { OAuth2Server } from 'oauth2-mock-server';

/** The profile the mock's userinfo endpoint answers with (OpenID Connect claims, as Google sends them). */
export interface MockOAuthUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/** A real OAuth 2.0 / OpenID Connect server on loopback, set up to stand in for Google. */
export interface MockOAuthProvider {
  /** The issuer's base URL (`http://127.0.0.1:PORT`). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** `accounts({ social })` options that send Google sign-in to this server. */
  social: SocialOptions;
  /** The same as environment variables (`GOOGLE_CLIENT_ID`, `GOOGLE_AUTHORIZE_URL`…). */
  env: Record<string, string>;
  /** Who signs in next: the userinfo endpoint answers with this profile. */
  user: MockOAuthUser;
  /** Makes the next authorization answer `error=…` (the user refused, say) instead of a code. */
  failNextAuthorization(error?: string): void;
  /**
   * Sends the next authorization to a page at the provider's origin that never comes back, as if the user
   * were still reading the consent screen, so a test can act while the popup is open.
   */
  holdNextAuthorization(): void;
  /** Token requests received so far (each is one code swapped for tokens). */
  tokenRequests: number;
  close(): Promise<void>;
}

/**
 * Starts `oauth2-mock-server` on 127.0.0.1 with a fresh signing key. Its authorize endpoint redirects straight
 * back with a code (no login form), checks PKCE at the token endpoint, and its userinfo endpoint answers
 * with `provider.user`, so a test decides who "signs in with Google".
 */
export async function startOAuthProvider(): Promise<MockOAuthProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The issuer would say `localhost`, which may resolve to ::1 where nothing listens.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  const url = server.issuer.url.replace(/\/+$/, '');
  // The "consent screen" a held authorization waits on: a page at the provider's origin that stays open.
  server.service.addRoute('GET', '/consent', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><title>Consent</title><h1>Allow Backline to use your account?</h1></html>',
    );
  });
  const clientId = 'backline-test-client';
  const clientSecret = 'backline-test-secret';
  const provider: MockOAuthProvider = {
    url,
    clientId,
    clientSecret,
    social: {
      providers: {
        google: {
          clientId,
          clientSecret,
          authorizeUrl: `${url}/authorize`,
          accessUrl: `${url}/token`,
          profileUrl: `${url}/userinfo`,
        },
      },
    },
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZE_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_PROFILE_URL: `${url}/userinfo`,
    },
    user: {
      sub: 'google-user-1',
      email: 'social.user@example.com',
      email_verified: true,
      name: 'Social User',
    },
    failNextAuthorization(error = 'access_denied') {
      server.service.once('beforeAuthorizeRedirect', ({ url: redirect }: { url: URL }) => {
        redirect.searchParams.delete('code');
        redirect.searchParams.set('error', error);
      });
    },
    holdNextAuthorization() {
      server.service.once('beforeAuthorizeRedirect', ({ url: redirect }: { url: URL }) => {
        // Mutated in place: the mock redirects to this very URL object.
        redirect.href = `${url}/consent`;
      });
    },
    tokenRequests: 0,
    close: () => server.stop(),
  };
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = { ...provider.user };
  });
  server.service.on('beforeResponse', () => {
    provider.tokenRequests += 1;
  });
  return provider;
}
