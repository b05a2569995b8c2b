import { accounts, createBackline } from '@backline/server';
import { bookmarksModule } from './bookmarks-module';

const app = await createBackline({
  dataDir: process.env.DATA_DIR ?? '.data',
  // After accounts(): its users table is what bookmarks reference, and its permissions guard checks the routes.
  modules: [accounts(), bookmarksModule()],
  spa: { root: 'dist/client' },
});
const { url } = await app.start(Number(process.env.PORT ?? 3000));
console.log(`Running at ${url}`);
