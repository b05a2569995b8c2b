import { route } from '@backline/core/contract';
import { createBackline, defineModule } from '@backline/server';
import * as z from 'zod/mini';

/** The app's own contract: declared once, so its client could call it with `http.call(hello)`. */
export const hello = route({
  method: 'GET',
  path: 'hello',
  tag: 'hello',
  summary: 'The greeting',
  response: z.object({ greeting: z.string() }),
});

/** A module of this app's own: one public route next to Backline's. */
const helloModule = defineModule({
  id: 'hello',
  settings: { 'hello.greeting': { value: 'Hello from a minimal Backline app', public: true } },
  routes(router) {
    router
      .route(hello)
      .handle(async ({ kit }) => ({ greeting: await kit.settings.get<string>('hello.greeting', '') }));
  },
});

/** Builds the app; with no data directory the embedded database lives in memory. */
export function createApp(dataDir?: string) {
  return createBackline({ dataDir, modules: [helloModule], logger: 'silent' });
}
