import type { Serializable, Theme, BootstrapData as WireBootstrapData } from '@backline/core/contract';
import type { Context } from 'koa';
import type { BacklineModule, Kit } from '../kit';
import { encodeJson, encodeQuotedJson } from './shared-json';

/** A theme row as bootstrap data lists it (the contract's `Theme`). */
export type ThemeRecord = Theme;

/**
 * What register, login and logout answer with, and what the server injects into index.html: the contract's
 * `BootstrapData` before serialisation (timestamps may still be `Date`s).
 */
export type BootstrapData = Serializable<WireBootstrapData>;

/**
 * The wire encoding of bootstrap data, used both by `GET bootstrap-data` (`data.data`) and by the
 * `window.bootstrapData` global: the JSON text of the object. Clients decode it with `JSON.parse`.
 */
export function encodeBootstrap(data: BootstrapData): string {
  return encodeJson(data);
}

/** `JSON.stringify(encodeBootstrap(data))`: the encoded text as a JSON string, for API answers. */
export function encodeBootstrapString(data: BootstrapData): string {
  return `"${encodeQuotedJson(data)}"`;
}

/** Builds a request's bootstrap data: public settings, themes, i18n, then each module's additions. */
export async function buildBootstrap(
  ctx: Context,
  kit: Kit,
  modules: BacklineModule[],
): Promise<BootstrapData> {
  // Koa 3's ctx.origin is the Origin request header, so build the site's own origin from the request.
  // The tree is shared between requests and frozen: hooks that add settings copy it first.
  // APP_URL wins; else the admin's `base_url` setting; else the request's own origin.
  const configured = kit.config.baseUrl ?? (await kit.settings.get<string>('base_url', ''));
  const settings = await kit.settings.sharedPublicTree(configured || `${ctx.protocol}://${ctx.host}`);
  const data: BootstrapData = {
    user: null,
    guest_role: null,
    settings,
    themes: { all: [], selectedThemeId: null },
    i18n: { language: 'en', lines: {} },
  };
  for (const module of modules) {
    // Most contributions are synchronous; awaiting only real promises keeps this off the microtask queue.
    const pending = module.bootstrap?.(ctx, data, kit);
    if (pending) await pending;
  }
  return data;
}

/**
 * Makes a JSON string safe inside an inline `<script>`: `<` cannot close the tag or open a comment, and
 * U+2028/U+2029 cannot end the line in older parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
