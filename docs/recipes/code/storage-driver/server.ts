import { accounts, createBackline, uploadsModule } from '@backline/server';
import { webDavStorage } from './webdav-storage';

const app = await createBackline({
  dataDir: '.data',
  // Any object implementing Storage; no module changes: uploads ask its capabilities, never its class.
  storage: webDavStorage({
    url: process.env.WEBDAV_URL ?? 'http://127.0.0.1:8080/media/',
    username: process.env.WEBDAV_USER ?? 'backline',
    password: process.env.WEBDAV_PASSWORD ?? '',
  }),
  modules: [accounts(), uploadsModule()],
  spa: { root: 'dist/client' },
});
await app.start(3000);
