import { BackgroundTasks } from '../../http/background-tasks';
import type { BacklineModule, Localization } from '../../kit';
import { accessTokensModule } from '../access-tokens/index';
import { accountModule } from '../account/index';
import { adminModule } from '../admin/index';
import { adminLocalizationsModule } from '../admin-localizations/index';
import { apiDocsModule } from '../api-docs/index';
import { authModule } from '../auth/index';
import { emailVerificationModule } from '../email-verification/index';
import { type HumanCheckOptions, humanCheckModule } from '../human-check/index';
import { localizationModule } from '../localization/index';
import { passwordsModule } from '../passwords/index';
import { permissionsModule } from '../permissions/index';
import { profileModule } from '../profile/index';
import { sessionsModule } from '../sessions/index';
import { type SocialOptions, socialModule } from '../social/index';
import { twoFactorModule } from '../two-factor/index';
import { usersModule } from '../users/index';
import { valueListsModule } from '../value-lists/index';

export interface AccountsOptions {
  /** Languages to install besides English, `{language, name, lines}` with lines keyed by the English text. */
  localizations?: Localization[];
  /** Roles given `api.access` (personal access tokens) when the permission is first created; none by default. */
  apiAccessRoles?: string[];
  /** Social sign-in credentials and endpoints (see `socialOptionsFromEnv`). */
  social?: SocialOptions;
  /** The human check's secret and verify URL (see `humanCheckOptionsFromEnv`). */
  humanCheck?: HumanCheckOptions;
}

/**
 * Every account module, in the order their tables depend on each other: users, permissions, sessions, auth,
 * passwords, email verification, two-factor, access tokens, the API reference, localization, value lists, the admin area.
 * `createBackline({modules: [accounts()]})` installs them all.
 */
export function accounts(options: AccountsOptions = {}): BacklineModule[] {
  const tasks = new BackgroundTasks();
  return [
    usersModule(),
    // Right after users, so its routes register where they always have.
    accountModule(),
    permissionsModule(),
    sessionsModule(),
    authModule(tasks),
    passwordsModule(tasks),
    emailVerificationModule(tasks),
    twoFactorModule(),
    profileModule(),
    socialModule(options.social),
    humanCheckModule(options.humanCheck),
    // After sessions: a Bearer token replaces the cookie session.
    accessTokensModule({ apiAccessRoles: options.apiAccessRoles }),
    // After access tokens: the API reference shares their setting and permission.
    apiDocsModule(),
    localizationModule({ localizations: options.localizations }),
    valueListsModule(),
    // Last: its ban check reads the caller that sessions and access tokens identified.
    adminModule(),
    // Writes the localization module's table, with audit rows in the admin module's log.
    adminLocalizationsModule(),
  ];
}
