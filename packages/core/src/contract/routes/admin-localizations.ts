import * as z from 'zod/mini';
import { CONTROL_CHARACTERS } from '../fields';
import { route } from '../route';

/** Managing languages and their lines in the admin area. */
export const LOCALIZATIONS_PERMISSION = 'localizations.update';

/** A language code: `es`, `pt-BR`, `zh-Hant`. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** At most this many lines per save (an import of a whole catalogue fits). */
export const MAX_LINES_PER_SAVE = 5000;

const languageParam = z
  .string()
  .check(z.maxLength(20), z.regex(LANGUAGE_CODE, 'Enter a language code such as es or pt-BR.'));
const cleanText = (max: number) =>
  z.string('Enter text.').check(
    z.maxLength(max, `Enter at most ${max} characters.`),
    z.refine(
      (value) => !CONTROL_CHARACTERS.test(value),
      'This text contains characters that are not allowed.',
    ),
  );

const Summary = z.object({
  language: z.string(),
  name: z.string(),
  /** Lines translated, of `total` known source lines. */
  translated: z.number(),
  total: z.number(),
  is_default: z.boolean(),
});

/** `GET admin/localizations`: every installed language with how much of it is translated. */
export const list = route({
  method: 'GET',
  path: 'admin/localizations',
  tag: 'admin',
  summary: 'List languages with their translation progress',
  auth: true,
  permission: LOCALIZATIONS_PERMISSION,
  response: z.object({ localizations: z.array(Summary) }),
});

/** `POST admin/localizations`: adds a language (its lines start empty: every line falls back to English). */
export const create = route({
  method: 'POST',
  path: 'admin/localizations',
  tag: 'admin',
  summary: 'Add a language',
  auth: true,
  permission: LOCALIZATIONS_PERMISSION,
  body: z.object({
    language: languageParam,
    name: cleanText(100).check(z.refine((value) => value.trim().length > 0, 'The name field is required.')),
  }),
  response: z.object({ localization: Summary }),
  status: 201,
});

/**
 * `GET admin/localizations/{language}`: every source line (the English text, from all installed languages and
 * the app's catalogues) with this language's translation or null when missing.
 */
export const show = route({
  method: 'GET',
  path: 'admin/localizations/{language}',
  tag: 'admin',
  summary: "A language's lines, with the missing ones marked",
  auth: true,
  permission: LOCALIZATIONS_PERMISSION,
  params: z.object({ language: languageParam }),
  response: z.object({
    localization: Summary,
    lines: z.array(z.object({ key: z.string(), translation: z.nullable(z.string()) })),
  }),
  errors: [404],
});

/**
 * `PUT admin/localizations/{language}`: saves translated lines (an edit or an imported JSON file) and optionally the
 * name; an empty string removes a line's translation. Visitors get the new lines on their next page load.
 */
export const update = route({
  method: 'PUT',
  path: 'admin/localizations/{language}',
  tag: 'admin',
  summary: "Save a language's lines (edits or an import)",
  auth: true,
  permission: LOCALIZATIONS_PERMISSION,
  params: z.object({ language: languageParam }),
  body: z.object({
    name: z.optional(cleanText(100)),
    lines: z
      .record(cleanText(2000), cleanText(5000))
      .check(
        z.refine(
          (lines) => Object.keys(lines).length <= MAX_LINES_PER_SAVE,
          `Send at most ${MAX_LINES_PER_SAVE} lines at once.`,
        ),
      ),
  }),
  response: z.object({ localization: Summary }),
  errors: [404],
});

/** `POST admin/localizations/{language}/default`: the language visitors get until they choose one. */
export const setDefault = route({
  method: 'POST',
  path: 'admin/localizations/{language}/default',
  tag: 'admin',
  summary: 'Make a language the default',
  auth: true,
  permission: LOCALIZATIONS_PERMISSION,
  params: z.object({ language: languageParam }),
  response: z.object({ localization: Summary }),
  errors: [404],
});
