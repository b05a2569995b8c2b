import { loadScript } from './load-script';

/** The bot checks the client can run; the `recaptcha.provider` setting picks one (reCAPTCHA v3 by default). */
export type HumanCheckProvider = 'recaptcha' | 'hcaptcha' | 'turnstile';
export type HumanCheckAction = 'register' | 'contact';

/** Each provider's script, loaded from its own host only when a check is about to run. */
export const HUMAN_CHECK_SCRIPTS: Record<HumanCheckProvider, (siteKey: string) => string> = {
  recaptcha: (siteKey) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`,
  hcaptcha: () => 'https://js.hcaptcha.com/1/api.js?render=explicit',
  turnstile: () => 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
};

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
interface Hcaptcha {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>;
  remove(widgetId: string): void;
}
interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}
type ProviderGlobals = { grecaptcha?: Grecaptcha; hcaptcha?: Hcaptcha; turnstile?: Turnstile };

const globals = () => window as unknown as ProviderGlobals;

/** Loads the provider's script unless its API is already on the page. */
async function api<K extends keyof ProviderGlobals>(
  name: K,
  provider: HumanCheckProvider,
  siteKey: string,
): Promise<NonNullable<ProviderGlobals[K]>> {
  if (!globals()[name]) await loadScript(HUMAN_CHECK_SCRIPTS[provider](siteKey));
  const loaded = globals()[name];
  if (!loaded) throw new Error(`${provider} did not load`);
  return loaded as NonNullable<ProviderGlobals[K]>;
}

/** A widget host outside the layout: invisible checks still need an element to live in. */
function widgetHost(): HTMLElement {
  const host = document.createElement('div');
  host.className = 'bl-human-check-widget';
  document.body.appendChild(host);
  return host;
}

/** Runs the provider's check for `action` and resolves with the token the server verifies. */
export async function humanCheckToken(
  provider: HumanCheckProvider,
  siteKey: string,
  action: HumanCheckAction,
): Promise<string> {
  if (provider === 'hcaptcha') {
    const hcaptcha = await api('hcaptcha', provider, siteKey);
    const host = widgetHost();
    const id = hcaptcha.render(host, { sitekey: siteKey, size: 'invisible' });
    try {
      return (await hcaptcha.execute(id, { async: true })).response;
    } finally {
      hcaptcha.remove(id);
      host.remove();
    }
  }
  if (provider === 'turnstile') {
    const turnstile = await api('turnstile', provider, siteKey);
    const host = widgetHost();
    let id = '';
    try {
      return await new Promise<string>((resolve, reject) => {
        id = turnstile.render(host, {
          sitekey: siteKey,
          action,
          // Shown only when Cloudflare needs the visitor to do something.
          appearance: 'interaction-only',
          callback: resolve,
          'error-callback': () => reject(new Error('turnstile failed')),
          'expired-callback': () => reject(new Error('turnstile expired')),
        });
      });
    } finally {
      if (id) turnstile.remove(id);
      host.remove();
    }
  }
  const grecaptcha = await api('grecaptcha', provider, siteKey);
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}
