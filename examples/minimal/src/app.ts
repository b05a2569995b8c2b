import { createBackline, defineModule, legacyRoute } from '@backline/server';

/** A module of this app's own: one public route next to Backline's. */
const hello = defineModule({
  id: 'hello',
  settings: { 'hello.greeting': { value: 'Hello from a minimal Backline app', public: true } },
  routes(router) {
    router.add(
      legacyRoute({
        method: 'GET',
        path: 'hello',
        handler: async ({ kit }) => ({ greeting: await kit.settings.get<string>('hello.greeting') }),
      }),
    );
  },
});

/** Builds the app; with no data directory the embedded database lives in memory. */
export function createApp(dataDir?: string) {
  return createBackline({ dataDir, modules: [hello], logger: 'silent' });
}
