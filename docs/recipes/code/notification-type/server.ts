import { accounts, createBackline, notificationsModule } from '@backline/server';
import { bookmarksModule } from '../module-with-page/bookmarks-module';
import { BOOKMARK_SHARED, sharesModule } from './shares-module';

const app = await createBackline({
  dataDir: '.data',
  modules: [
    accounts(),
    // The types it knows; a module may also call registerNotificationType(kit, type) from its start hook.
    notificationsModule({ types: [BOOKMARK_SHARED] }),
    bookmarksModule(),
    sharesModule(),
  ],
  mail: { url: process.env.MAIL_URL }, // without it, mail goes to the log
  spa: { root: 'dist/client' },
});
await app.start(3000);
