import type { ComponentType } from 'react';

/** How a field edits its setting's value. */
export type SettingsFieldType =
  /** One line of text. */
  | 'text'
  | 'url'
  | 'email'
  /** Several lines of text. */
  | 'textarea'
  /** A whole number. */
  | 'number'
  /** A size in bytes, edited in MB. */
  | 'megabytes'
  /** On or off. */
  | 'switch'
  /** One of `options`. */
  | 'select'
  /** A time zone from the browser's list. */
  | 'timezone'
  /** A list of short values, edited as comma-separated text. */
  | 'list'
  /** Write-only: the stored value is never shown; an empty field keeps it. */
  | 'secret';

/** One field of a settings page, bound to one setting key. Labels and help are English i18n keys. */
export interface SettingsField {
  /** The setting key (`branding.site_name`); the server checks the value by this key's rule. */
  key: string;
  type: SettingsFieldType;
  label: string;
  /** A line under the field saying what it does. */
  help?: string;
  /** `select` options: the stored value and its English label (`translate: false` for product names). */
  options?: readonly { value: string; label: string; translate?: false }[];
  /** Shows the field only while this holds for the page's current (unsaved) values. */
  visibleWhen?: (values: Record<string, unknown>) => boolean;
}

/** A titled group of fields. */
export interface SettingsSection {
  title: string;
  description?: string;
  fields: readonly SettingsField[];
  /** Something the section needs beyond fields (the "Send test email" button), rendered after them. */
  footer?: ComponentType;
}

/** A settings page: its path under the settings area, title, sections, and the permission it needs. */
export interface SettingsPageDefinition {
  /** `general` serves `/admin/settings/general`. */
  path: string;
  title: string;
  description?: string;
  sections: readonly SettingsSection[];
}

/** Identity helper that types a settings page. */
export function defineSettingsPage(page: SettingsPageDefinition): SettingsPageDefinition {
  return page;
}

/** Every key a page edits, visible or not. */
export function pageKeys(page: SettingsPageDefinition): string[] {
  return page.sections.flatMap((section) => section.fields.map((field) => field.key));
}

/** Every English line a page shows (labels, help, options, titles), for translation catalogs. */
export function pageStrings(page: SettingsPageDefinition): string[] {
  const lines = [page.title, page.description];
  for (const section of page.sections) {
    lines.push(section.title, section.description);
    for (const field of section.fields) {
      const options = (field.options ?? []).filter((option) => option.translate !== false);
      lines.push(field.label, field.help, ...options.map((option) => option.label));
    }
  }
  return [...new Set(lines.filter((line): line is string => Boolean(line)))];
}
