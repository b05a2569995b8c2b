import { localization } from '@backline/core/contract';
import type { Knex } from 'knex';
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
/** Languages and lines the admin area saved (the `localizations` table), per app, once loaded. */
const stored = new WeakMap<object, Localization[]>();
const loading = new WeakMap<object, Promise<void>>();
/** Counts `forgetStoredLocalizations` calls per app: a load started before the latest one is not kept. */
const generations = new WeakMap<object, number>();

/** A row of the `localizations` table. */
interface StoredRow {
  language: string;
  name: string;
  lines: Record<string, string> | string;
}

/**
 * Loads the admin's languages and lines from the database once per app (again after `forgetStoredLocalizations`).
 * The localization module's middleware awaits it, so `localizationsOf` can stay synchronous for every reader.
 */
export function loadStoredLocalizations(app: object, knex: Knex): Promise<void> {
  if (stored.has(app)) return Promise.resolve();
  let pending = loading.get(app);
  if (!pending) {
    // Rows read by a load that was running when they were forgotten may predate the write: not kept (see below).
    const generation = generations.get(app) ?? 0;
    const started: Promise<void> = (async () => {
      const rows: StoredRow[] = await knex('localizations').select('language', 'name', 'lines');
      if ((generations.get(app) ?? 0) !== generation) return;
      stored.set(
        app,
        rows.map((row) => ({
          language: row.language,
          name: row.name,
          lines: typeof row.lines === 'string' ? JSON.parse(row.lines) : (row.lines ?? {}),
        })),
      );
      installed.delete(app);
    })().finally(() => {
      if (loading.get(app) === started) loading.delete(app);
    });
    loading.set(app, started);
    pending = started;
  }
  // Forgotten while loading: load again, so no reader builds its languages without the stored ones.
  return pending.then(() => loadStoredLocalizations(app, knex));
}

/** Drops the loaded rows after a write, so the next request (and its bootstrap data) reads the new lines. */
export function forgetStoredLocalizations(app: object): void {
  stored.delete(app);
  installed.delete(app);
  loading.delete(app);
  generations.set(app, (generations.get(app) ?? 0) + 1);
}

/** The languages modules declare in code, each once (a later one replaces an earlier one). */
export function declaredLocalizations(app: object): Localization[] {
  const modules = (app as Partial<BacklineApp>).modules ?? [];
  const byLanguage = new Map<string, Localization>();
  for (const source of modules.flatMap((module) => module.localizations ?? []))
    byLanguage.set(source.language, source);
  return [...byLanguage.values()];
}

/** Declared languages with the admin's stored lines laid over them, plus the languages only the admin added. */
function mergeStored(declared: Localization[], saved: Localization[]): Localization[] {
  const byLanguage = new Map(declared.map((source) => [source.language, source]));
  for (const row of saved) {
    const base = byLanguage.get(row.language);
    byLanguage.set(row.language, {
      language: row.language,
      name: row.name || base?.name || row.language,
      lines: { ...base?.lines, ...row.lines },
    });
  }
  return [...byLanguage.values()];
}

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
    found = buildLocalizations(mergeStored(declared, stored.get(app) ?? []));
    installed.set(app, found);
  }
  return found;
}
