import * as z from 'zod/mini';
import { CONTROL_CHARACTERS } from '../fields';
import { route } from '../route';
import { BILLING_ENABLE_SETTING, STRIPE_SECRET_KEY_SETTING, STRIPE_WEBHOOK_SECRET_SETTING } from './billing';

/** Reading and changing the site's settings from the admin area; the `admin` permission also grants it. */
export const SETTINGS_PERMISSION = 'settings.update';

/** What the homepage shows (spec: the landing page, the login or register page, a custom page, a channel). */
export const HOMEPAGE_TYPES = ['landingPage', 'loginPage', 'registerPage', 'customPage', 'channel'] as const;
/** The human check's providers. */
export const HUMAN_CHECK_PROVIDER_NAMES = ['recaptcha', 'hcaptcha', 'turnstile'] as const;
/** Social sign-in services whose keys the admin can set. */
export const SOCIAL_SERVICE_NAMES = ['google', 'facebook', 'twitter'] as const;

/** Upload size cap an admin can set: 5 GiB (bigger files are a storage decision, not a setting). */
export const MAX_UPLOAD_SIZE_SETTING = 5 * 1024 * 1024 * 1024;

/** A line of text: at most `max` characters, no control characters; empty allowed unless `required`. */
export function settingText(max = 255, required = false) {
  return z.string('Enter text.').check(
    z.maxLength(max, `Enter at most ${max} characters.`),
    z.refine((value) => !required || value.trim().length > 0, 'This field is required.'),
    z.refine(
      (value) => !CONTROL_CHARACTERS.test(value),
      'This text contains characters that are not allowed.',
    ),
  );
}

const flag = z.boolean('Choose on or off.');

/** An absolute http(s) URL, or empty. */
const urlOrEmpty = settingText(255).check(
  z.refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a full URL starting with https://.'),
);

const timezone = settingText(64, true).check(
  z.refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a valid time zone.'),
);

const emailOrEmpty = settingText(255).check(
  z.refine(
    (value) => value === '' || /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value),
    'Enter a valid email address.',
  ),
);

/** A list of file extensions or MIME types (`jpg`, `image/*`), at most 200 of them. */
const typeList = z
  .array(
    settingText(100, true).check(
      z.refine(
        (value) => /^[\w.+\-/*]+$/.test(value.trim()),
        'Use extensions such as jpg or types such as image/png.',
      ),
    ),
    'Enter a list.',
  )
  .check(z.maxLength(200, 'Enter at most 200 types.'));

/**
 * Every setting the admin area may change, with the server-side rule for its value. A key outside this map (or an
 * app's additions passed to the settings module) cannot be written through the admin routes at all, so a
 * crafted request cannot flip internal switches such as the demo mode.
 */
export const SETTING_SCHEMAS = {
  // General
  'branding.site_name': settingText(100, true),
  base_url: urlOrEmpty,
  'homepage.type': z.enum(HOMEPAGE_TYPES, 'Choose a homepage type.'),
  'homepage.value': settingText(255),
  'dates.default_timezone': timezone,
  // Branding (uploaded images' URLs)
  'branding.logo_light': settingText(2048),
  'branding.logo_dark': settingText(2048),
  'branding.logo_light_mobile': settingText(2048),
  'branding.logo_dark_mobile': settingText(2048),
  // Authentication
  'registration.disable': flag,
  require_email_confirmation: flag,
  'social.compact_buttons': flag,
  ...Object.fromEntries(
    SOCIAL_SERVICE_NAMES.flatMap((service) => [
      [`social.${service}.enable`, flag],
      [`social.${service}.client_id`, settingText(255)],
      [`social.${service}.client_secret`, settingText(1024)],
    ]),
  ),
  'recaptcha.provider': z.enum(HUMAN_CHECK_PROVIDER_NAMES, 'Choose a provider.'),
  'recaptcha.site_key': settingText(255),
  'recaptcha.secret_key': settingText(1024),
  'recaptcha.enable.register': flag,
  'recaptcha.enable.contact': flag,
  // Uploads
  'uploads.max_size': z
    .number('Enter a number.')
    .check(
      z.int('Enter a whole number.'),
      z.minimum(1, 'Enter at least 1 byte.'),
      z.maximum(MAX_UPLOAD_SIZE_SETTING, 'Enter at most 5 GB.'),
    ),
  'uploads.allowed_extensions': typeList,
  'uploads.blocked_extensions': typeList,
  // Mail
  'mail.from_name': settingText(100),
  'mail.from_address': emailOrEmpty,
  // Integrations
  'api.integrated': flag,
  'notifications.integrated': flag,
  // Billing
  [BILLING_ENABLE_SETTING]: flag,
  [STRIPE_SECRET_KEY_SETTING]: settingText(1024),
  [STRIPE_WEBHOOK_SECRET_SETTING]: settingText(1024),
} as Record<string, z.ZodMiniType>;

/** The settings kept encrypted and never read back: the admin area only learns whether each is set. */
export const SECRET_SETTING_KEYS: readonly string[] = [
  ...SOCIAL_SERVICE_NAMES.map((service) => `social.${service}.client_secret`),
  'recaptcha.secret_key',
  STRIPE_SECRET_KEY_SETTING,
  STRIPE_WEBHOOK_SECRET_SETTING,
];

const SettingsAnswer = z.object({
  /** Current values of every editable, non-secret setting, by key. */
  values: z.record(z.string(), z.unknown()),
  /** For each secret setting, whether a value is stored. */
  secrets: z.record(z.string(), z.boolean()),
});
export type AdminSettings = z.infer<typeof SettingsAnswer>;

/** `GET admin/settings`: the editable settings; secrets only as "set or not". */
export const show = route({
  method: 'GET',
  path: 'admin/settings',
  tag: 'admin',
  summary: 'Read the editable settings (secret ones only as set / not set)',
  auth: true,
  permission: SETTINGS_PERMISSION,
  response: SettingsAnswer,
});

/**
 * `PUT admin/settings`: saves any number of settings at once, all or nothing. Each value is checked by its key's
 * rule; errors come back under the key (`errors["branding.site_name"]`). For a secret, an empty string keeps the
 * stored one and `null` removes it. Takes effect on the next request: no restart.
 */
export const update = route({
  method: 'PUT',
  path: 'admin/settings',
  tag: 'admin',
  summary: 'Save settings (validated per key, all or nothing)',
  auth: true,
  permission: SETTINGS_PERMISSION,
  body: z.object({
    settings: z
      .record(z.string().check(z.maxLength(191)), z.unknown())
      .check(z.refine((value) => Object.keys(value).length <= 200, 'Send at most 200 settings at once.')),
  }),
  response: SettingsAnswer,
});

/** `POST admin/settings/test-mail`: sends a test message to the signed-in admin and reports what SMTP said. */
export const testMail = route({
  method: 'POST',
  path: 'admin/settings/test-mail',
  tag: 'admin',
  summary: 'Send a test email to yourself and report the result',
  auth: true,
  permission: SETTINGS_PERMISSION,
  response: z.object({ message: z.string(), sent: z.boolean(), transport: z.enum(['smtp', 'log']) }),
});
