import type { BacklineModule } from '../../kit';
import { authModule } from '../auth/index';
import { emailVerificationModule } from '../email-verification/index';
import { passwordsModule } from '../passwords/index';
import { permissionsModule } from '../permissions/index';
import { sessionsModule } from '../sessions/index';
import { twoFactorModule } from '../two-factor/index';
import { usersModule } from '../users/index';
import { BackgroundTasks } from './background';

/**
 * Every account module, in the order their tables depend on each other: users, permissions, sessions, auth,
 * passwords, email verification, two-factor. `createBackline({modules: [accounts()]})` installs them all.
 */
export function accounts(): BacklineModule[] {
  const tasks = new BackgroundTasks();
  return [
    usersModule(),
    permissionsModule(),
    sessionsModule(),
    authModule(tasks),
    passwordsModule(tasks),
    emailVerificationModule(tasks),
    twoFactorModule(),
  ];
}
