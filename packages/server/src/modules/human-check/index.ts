import { humanCheck } from '@backline/core/contract';
import type { Context } from 'koa';
import { HttpError } from '../../http/errors';
import { defineModule, type Kit } from '../../kit';
import { startSession, updateSessionPayload } from '../sessions/session-store';

/** The bot checks Backline can talk to; reCAPTCHA v3 unless the `recaptcha.provider` setting says otherwise. */
export const HUMAN_CHECK_PROVIDERS = ['recaptcha', 'hcaptcha', 'turnstile'] as const;
export type HumanCheckProvider = (typeof HUMAN_CHECK_PROVIDERS)[number];
/** The actions a human check can guard (`recaptcha.enable.{action}`). */
export type HumanCheckAction = humanCheck.HumanCheckAction;
export const HUMAN_CHECK_ACTIONS: readonly HumanCheckAction[] = humanCheck.HUMAN_CHECK_ACTIONS;

/** Each provider's server-side verify endpoint. */
export const VERIFY_URLS: Record<HumanCheckProvider, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/** The failure message the client shows too. */
export const HUMAN_CHECK_FAILED = humanCheck.HUMAN_CHECK_FAILED;
/** How long a passed check stays good for the action it was passed for. */
export const HUMAN_PROOF_TTL_MS = 5 * 60 * 1000;
/** Verify calls per minute and IP: each one costs a request to the provider. */
export const HUMAN_CHECK_LIMIT = { points: 30, duration: 60 };

/** Server-side configuration; each value falls back to the setting of the same meaning. */
export interface HumanCheckOptions {
  /** The secret key (`RECAPTCHA_SECRET_KEY`; setting `recaptcha.secret_key`). */
  secretKey?: string;
  /** Another verify endpoint (`RECAPTCHA_VERIFY_URL`; setting `recaptcha.verify_url`), for tests or a proxy. */
  verifyUrl?: string;
}

declare module '../sessions/session-model' {
  interface SessionPayload {
    /** A passed human check, good once for `action` until `expires_at` (ms since the epoch). */
    human_check?: { action: HumanCheckAction; expires_at: number };
  }
}

const moduleOptions = new WeakMap<Kit, HumanCheckOptions>();

async function config(kit: Kit) {
  const options = moduleOptions.get(kit) ?? {};
  const setting = (key: string) => kit.settings.get<string>(key, '');
  const provider = ((await setting('recaptcha.provider')) || 'recaptcha') as HumanCheckProvider;
  return {
    provider: HUMAN_CHECK_PROVIDERS.includes(provider) ? provider : 'recaptcha',
    siteKey: await setting('recaptcha.site_key'),
    secretKey: options.secretKey || (await setting('recaptcha.secret_key')),
    verifyUrl: options.verifyUrl || (await setting('recaptcha.verify_url')),
    minScore: Number(await kit.settings.get('recaptcha.min_score', 0.5)),
  };
}

/** Whether the human check guards `action`: a site key is set and `recaptcha.enable.{action}` is on. */
export async function humanCheckEnabled(kit: Kit, action: HumanCheckAction): Promise<boolean> {
  const { siteKey } = await config(kit);
  return Boolean(siteKey) && (await kit.settings.get<boolean>(`recaptcha.enable.${action}`, false)) === true;
}

/**
 * Asks the provider whether `token` came from a human doing `action`. reCAPTCHA v3 answers must also carry
 * the same action and a score of at least `recaptcha.min_score` (0.5). Any failure (no secret, a network
 * error, a malformed answer) counts as "not verified", never as a pass.
 */
export async function verifyHuman(
  kit: Kit,
  token: string,
  action: HumanCheckAction,
  remoteIp?: string,
): Promise<boolean> {
  const { provider, siteKey, secretKey, verifyUrl, minScore } = await config(kit);
  if (!token || token.length > 4096) return false;
  if (!secretKey) {
    kit.log.warn('The human check is enabled but has no secret key (RECAPTCHA_SECRET_KEY): it fails closed.');
    return false;
  }
  const form = new URLSearchParams({ secret: secretKey, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  if (provider === 'hcaptcha' && siteKey) form.set('sitekey', siteKey);
  try {
    const response = await fetch(verifyUrl || VERIFY_URLS[provider], {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const answer = (await response.json()) as { success?: unknown; score?: unknown; action?: unknown };
    if (answer.success !== true) return false;
    if (typeof answer.action === 'string' && answer.action && answer.action !== action) return false;
    if (provider === 'recaptcha' && typeof answer.score === 'number' && answer.score < minScore) return false;
    return true;
  } catch (error) {
    kit.log.warn(`The human check could not reach ${provider}: ${error}`);
    return false;
  }
}

/**
 * Lets a request through `action` only after a human check, when the check guards it: either `token` (an API
 * client verifying inline) or a check this browser passed through `POST recaptcha/verify` within the last
 * five minutes, which is used up here. Throws a 422 with "Could not verify you are human." otherwise, so
 * skipping the widget on the client does not get past it.
 */
export async function requireHuman(
  ctx: Context,
  kit: Kit,
  action: HumanCheckAction,
  token?: unknown,
): Promise<void> {
  if (!(await humanCheckEnabled(kit, action))) return;
  if (typeof token === 'string' && token) {
    if (await verifyHuman(kit, token, action, ctx.ip)) return;
    throw new HttpError(422, HUMAN_CHECK_FAILED);
  }
  const proof = ctx.state.session?.payload.human_check;
  if (proof) await updateSessionPayload(ctx, kit, { human_check: undefined });
  if (!proof || proof.action !== action || proof.expires_at <= kit.now().getTime())
    throw new HttpError(422, HUMAN_CHECK_FAILED);
}

/**
 * The human check (spec accounts §5): `POST recaptcha/verify {token, action?}` answers `{success}` and, on
 * success, remembers the pass in this browser's session for the action (register by default), which
 * `requireHuman` then accepts once. Settings: `recaptcha.site_key`, `recaptcha.provider`
 * (`recaptcha`, `hcaptcha`, `turnstile`) and `recaptcha.enable.{register,contact}` are public;
 * `recaptcha.secret_key`, `recaptcha.verify_url` and `recaptcha.min_score` are not.
 */
export const humanCheckModule = (options: HumanCheckOptions = {}) =>
  defineModule({
    id: 'human-check',
    settings: {
      'recaptcha.site_key': { value: '', public: true },
      'recaptcha.provider': { value: 'recaptcha', public: true },
      'recaptcha.enable.register': { value: false, public: true },
      'recaptcha.enable.contact': { value: false, public: true },
      'recaptcha.secret_key': { value: '' },
      'recaptcha.verify_url': { value: '' },
      'recaptcha.min_score': { value: 0.5 },
    },
    start(kit) {
      moduleOptions.set(kit, options);
    },
    routes(router) {
      router.route(humanCheck.verify).handle(async ({ body, ctx, kit }) => {
        await kit.rateLimits.consume('human-check', ctx.ip || 'unknown', HUMAN_CHECK_LIMIT);
        const action = body.action ?? 'register';
        const success = await verifyHuman(kit, body.token, action, ctx.ip);
        if (success) {
          const proof = { action, expires_at: kit.now().getTime() + HUMAN_PROOF_TTL_MS };
          if (ctx.state.session) await updateSessionPayload(ctx, kit, { human_check: proof });
          else
            await startSession(ctx, kit, {
              userId: null,
              payload: { human_check: proof },
              lifetimeMs: HUMAN_PROOF_TTL_MS,
            });
        }
        return { success };
      });
    },
  });
