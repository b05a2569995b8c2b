import { accounts, adminFilesModule, adminSettingsModule, createBackline } from '@backline/server';
import { bookmarksModule } from '../module-with-page/bookmarks-module';
import { adminBookmarksModule } from './admin-bookmarks-module';

const app = await createBackline({
  dataDir: '.data',
  modules: [accounts(), adminSettingsModule(), adminFilesModule(), bookmarksModule(), adminBookmarksModule()],
  spa: { root: 'dist/client' },
});
await app.start(3000);
