import {
  adminSettings,
  DEFAULT_BLOCKED_EXTENSIONS,
  DEFAULT_MAX_UPLOAD_SIZE,
  type FieldErrors,
} from '@backline/core/contract';
import type { Context } from 'koa';
import type * as z from 'zod/mini';
import { safeParse } from 'zod/mini';
import { ValidationError } from '../../http/errors';
import { defineModule, type Kit } from '../../kit';
import type { SettingDefinitions } from '../../settings/settings-service';
import { recordSettingsAudit } from './audit';

export interface AdminSettingsOptions {
  /**
   * More settings the admin area may change, with their rule: an app's own keys (`'player.autoplay': z.boolean()`).
   * Their defaults come from the modules (or `createBackline({ settings })`) that own them.
   */
  schemas?: Record<string, z.ZodMiniType>;
  /** More keys to keep encrypted and write-only (an app's own API keys); they also need a schema above. */
  secrets?: string[];
}

/**
 * Defaults for the editable keys, so each has a value and the right public flag even when the module that owns it
 * is not installed. They are fallbacks: the owning module's default wins.
 */
function defaults(secrets: readonly string[]): SettingDefinitions {
  const definitions: SettingDefinitions = {
    base_url: { value: '' },
    'homepage.type': { value: 'landingPage', public: true },
    'homepage.value': { value: '', public: true },
    'notifications.integrated': { value: false, public: true },
    'mail.from_name': { value: '' },
    'mail.from_address': { value: '' },
    'uploads.max_size': { value: DEFAULT_MAX_UPLOAD_SIZE, public: true },
    'uploads.allowed_extensions': { value: [], public: true },
    'uploads.blocked_extensions': { value: [...DEFAULT_BLOCKED_EXTENSIONS], public: true },
    ...Object.fromEntries(
      adminSettings.SOCIAL_SERVICE_NAMES.map((service) => [`social.${service}.client_id`, { value: '' }]),
    ),
  };
  for (const key of secrets) definitions[key] = { value: '', secret: true };
  return definitions;
}

const NOT_EDITABLE = 'This setting cannot be changed here.';

/**
 * The admin area's settings routes: `GET admin/settings` answers every editable setting (secrets only as "set or
 * not"), `PUT admin/settings` saves a page of them in one transaction after checking each value by its key's rule,
 * and `POST admin/settings/test-mail` sends the admin a test message. Writes go through the settings service, which
 * refreshes its cache and the shared bootstrap tree, so the next request already sees them.
 */
export const adminSettingsModule = (options: AdminSettingsOptions = {}) => {
  const schemas: Record<string, z.ZodMiniType> = { ...adminSettings.SETTING_SCHEMAS, ...options.schemas };
  const secrets = [...new Set([...adminSettings.SECRET_SETTING_KEYS, ...(options.secrets ?? [])])];
  for (const key of secrets) {
    if (!schemas[key]) throw new Error(`The secret setting "${key}" needs a schema to be editable.`);
  }

  async function current(kit: Kit) {
    const values: Record<string, unknown> = {};
    const secretState: Record<string, boolean> = {};
    for (const key of Object.keys(schemas)) {
      const value = await kit.settings.get<unknown>(key, null);
      if (kit.settings.isSecret(key)) secretState[key] = typeof value === 'string' && value !== '';
      else values[key] = value;
    }
    return { values, secrets: secretState };
  }

  /** Checks every value by its key's rule; answers what to store, or throws a 422 naming each bad key. */
  function validate(kit: Kit, input: Record<string, unknown>): Record<string, unknown> {
    const errors: FieldErrors = {};
    const accepted: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      const schema = Object.hasOwn(schemas, key) ? schemas[key] : undefined;
      if (!schema) {
        errors[key] = [NOT_EDITABLE];
        continue;
      }
      if (kit.settings.isSecret(key)) {
        // Write-only: the form sends '' for "leave as it is" and null for "remove".
        if (value === '' || value === undefined) continue;
        if (value === null) {
          accepted[key] = '';
          continue;
        }
      }
      const result = safeParse(schema, value);
      if (result.success) accepted[key] = result.data;
      else errors[key] = result.error.issues.map((issue) => issue.message);
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return accepted;
  }

  async function save(ctx: Context, kit: Kit, input: Record<string, unknown>) {
    const accepted = validate(kit, input);
    const before: Record<string, unknown> = {};
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(accepted)) {
      const old = await kit.settings.get<unknown>(key, null);
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      before[key] = old;
      changed[key] = value;
    }
    if (Object.keys(changed).length === 0) return;
    await kit.knex.transaction(async (trx) => {
      await kit.settings.setMany(changed, { trx });
      // The audit helper writes only "[redacted]" for secret keys; an empty secret is "not set" (null).
      await recordSettingsAudit(ctx, kit, trx, {
        before: forAudit(kit, before),
        after: forAudit(kit, changed),
      });
    });
  }

  return defineModule({
    id: 'admin-settings',
    permissions: [
      {
        name: adminSettings.SETTINGS_PERMISSION,
        description: 'Read and change site settings in the admin area (secrets stay write-only)',
      },
    ],
    settingFallbacks: defaults(secrets),
    routes(router) {
      router.route(adminSettings.show).handle(async ({ ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        return current(kit);
      });
      router.route(adminSettings.update).handle(async ({ body, ctx, kit }) => {
        ctx.set('Cache-Control', 'no-store');
        await save(ctx, kit, body.settings);
        return current(kit);
      });
      router.route(adminSettings.testMail).handle(async ({ ctx, kit }) => {
        const to = ctx.state.user!.email;
        const siteName = await kit.settings.get<string>('branding.site_name', 'Backline');
        try {
          await kit.mail.send({
            to,
            subject: `Test email from ${siteName}`,
            text: `This is a test email from ${siteName}. If you can read it, mail is set up correctly.`,
            html: `<p>This is a test email. If you can read it, mail is set up correctly.</p>`,
          });
        } catch (error) {
          // The SMTP server's own words help the admin fix the settings; they hold no secret of ours.
          const reason = error instanceof Error ? error.message : String(error);
          return {
            sent: false,
            transport: kit.mail.transport,
            message: `Could not send the test email: ${reason}`,
          };
        }
        return {
          sent: true,
          transport: kit.mail.transport,
          message:
            kit.mail.transport === 'smtp'
              ? `Sent a test email to ${to}.`
              : `No mail server is set (MAIL_URL), so the test email to ${to} went to the server log.`,
        };
      });
    },
  });
};

/** An unset secret is null to the audit log, so it records "set", "changed" or "removed", never a value. */
function forAudit(kit: Kit, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      kit.settings.isSecret(key) && value === '' ? null : value,
    ]),
  );
}
