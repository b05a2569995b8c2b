import * as z from 'zod/mini';

/** A language the site has installed, as a select lists it. */
export const LocalizationOption = z.object({ language: z.string(), name: z.string() });
export type LocalizationOption = z.infer<typeof LocalizationOption>;

/** An installed language with its lines, keyed by the English text. */
export const Localization = z.object({
  language: z.string(),
  name: z.string(),
  lines: z.record(z.string(), z.string()),
});
export type Localization = z.infer<typeof Localization>;

/** A timezone as a select offers it: `{value: 'Europe/Madrid', text: '(UTC+01:00) Madrid'}`. */
export const TimezoneOption = z.object({ value: z.string(), text: z.string() });
export type TimezoneOption = z.infer<typeof TimezoneOption>;

/** A country as a select offers it: its ISO 3166-1 alpha-2 code and English name. */
export const CountryOption = z.object({ code: z.string(), name: z.string() });
export type CountryOption = z.infer<typeof CountryOption>;

/** The lists `GET value-lists/{names}` knows. */
export const VALUE_LISTS = ['timezones', 'countries', 'localizations'] as const;
export type ValueListName = (typeof VALUE_LISTS)[number];

/** What `GET value-lists/{names}` answers: the lists asked for, timezones grouped by region. */
export const ValueLists = z.object({
  timezones: z.optional(z.record(z.string(), z.array(TimezoneOption))),
  countries: z.optional(z.array(CountryOption)),
  localizations: z.optional(z.array(LocalizationOption)),
});
export type ValueLists = z.infer<typeof ValueLists>;
