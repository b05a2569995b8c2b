// The app's options in one place: the server below and the `backline` CLI (`backline migrate`,
// `backline create-admin …`) both build the app from this file, so the CLI migrates every module the server runs.
import {
  accounts,
  type BacklineOptions,
  notificationsModule,
  optionsFromEnv,
  uploadsModule,
} from '@backline/server';

export default function options(): BacklineOptions {
  return {
    // DATABASE_URL, APP_KEY, APP_URL, SECURE, TRUST_PROXY, MAIL_URL, MAIL_FROM, REDIS_URL, S3_* (see .env below).
    ...optionsFromEnv(),
    modules: [accounts(), uploadsModule(), notificationsModule()],
    spa: { root: 'dist/client' },
  };
}
