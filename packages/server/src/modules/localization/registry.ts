import { localization } from '@backline/core/contract';
import type { Context } from 'koa';
import { sharedJson } from '../../bootstrap/shared-json';
import type { BacklineApp } from '../../create-backline';
import type { Localization } from '../../kit';

/** The cookie that remembers a visitor's language (users keep theirs in `users.language`). */
export const LOCALE_COOKIE = localization.LOCALE_COOKIE;
/** English is built in: the English text is every key, so it needs no lines. */
export const ENGLISH: Localization = { language: 'en', name: 'English', lines: {} };

const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The installed languages of one app, each frozen and pre-encoded for bootstrap data. */
export interface InstalledLocalizations {
  /** `{language, name}` of every installed language, English first. */
  list: { language: string; name: string }[];
  byLanguage: Map<string, Localization>;
}

const installed = new WeakMap<object, InstalledLocalizations>();

/**
 * Collects English, the languages modules declare (`localizations`, which the localization
 * module fills from its options). A later registration of the same code replaces an earlier one, so a site can override
 * English wording with an `en` entry.
 */
export function buildLocalizations(sources: Localization[]): InstalledLocalizations {
  const byLanguage = new Map<string, Localization>();
  for (const source of [ENGLISH, ...sources]) {
    if (!LANGUAGE_CODE.test(source.language))
      throw new Error(`Invalid language code "${source.language}" (expected a code such as "es" or "pt-BR")`);
    // Shared between requests: frozen, its JSON encoded once (see shared-json.ts).
    byLanguage.set(
      source.language,
      sharedJson({ language: source.language, name: source.name, lines: { ...source.lines } }),
    );
  }
  return {
    list: [...byLanguage.values()].map(({ language, name }) => ({ language, name })),
    byLanguage,
  };
}

/** The installed languages of the app serving `ctx`, built on first use. */
export function localizationsOf(ctx: Context): InstalledLocalizations {
  const app = ctx.app as Partial<BacklineApp>;
  let found = installed.get(app);
  if (!found) {
    const declared = (app.modules ?? []).flatMap((module) => module.localizations ?? []);
    found = buildLocalizations(declared);
    installed.set(app, found);
  }
  return found;
}
