import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';

/**
 * A loopback stand-in for reCAPTCHA's siteverify endpoint: a `good-<action>` token sent with `secret` passes for
 * that action, anything else fails. `tokens` records every token the site asked about.
 */
export async function startVerifyEndpoint(secret: string) {
  const tokens: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const token = form.get('response') ?? '';
      tokens.push(token);
      const pass = form.get('secret') === secret && token.startsWith('good-');
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify(pass ? { success: true, score: 0.9, action: token.slice(5) } : { success: false }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Replaces Google's `grecaptcha` in every page of `context` with one that hands out `token`, and keeps every
 * request to Google's hosts from leaving the machine (they are aborted and counted in the returned list).
 */
export async function stubRecaptcha(context: BrowserContext, token: string): Promise<string[]> {
  const providerRequests: string[] = [];
  await context.route(/https:\/\/www\.(google|gstatic)\.com\//, (route) => {
    providerRequests.push(route.request().url());
    return route.abort();
  });
  await context.addInitScript((value) => {
    (window as unknown as { grecaptcha: unknown }).grecaptcha = {
      ready: (callback: () => void) => callback(),
      execute: async () => value,
    };
  }, token);
  return providerRequests;
}
