import { idParam, MessageAnswer, route } from '@backline/core/contract';
import { defineModule, emailField, HttpError, type NotificationType, notify } from '@backline/server';
import * as z from 'zod/mini';

/** "Someone shared a bookmark with me": the type id is stored with every notification and every preference. */
export const BOOKMARK_SHARED: NotificationType = {
  id: 'bookmarks.shared', // 1–100 of a-z, 0-9, _, . and -; namespaced by feature
  group: 'Bookmarks', // the heading it is listed under on the notification settings page
  name: 'Someone shares a bookmark with me', // its label there (an i18n key)
  channels: ['database', 'email'], // for people who never chose; they can change it on that page
  // The mail's subject; by default the text of the first line.
  mailSubject: () => 'A bookmark was shared with you',
};

export const shareBookmark = route({
  method: 'POST',
  path: 'bookmarks/{id}/share',
  tag: 'bookmarks',
  summary: 'Share a bookmark with another user',
  auth: true,
  params: z.object({ id: idParam() }),
  body: z.object({ email: emailField }),
  response: MessageAnswer,
  errors: [404],
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const sharesModule = () =>
  defineModule({
    id: 'bookmark-shares',
    routes(router) {
      router.route(shareBookmark).handle(async ({ params, body, ctx, kit }) => {
        const sender = ctx.state.user!;
        const bookmark = await kit
          .knex('bookmarks')
          .where({ id: params.id, user_id: sender.id })
          .first('id', 'url', 'title');
        const recipient = await kit.knex('users').where({ email: body.email }).first('id');
        if (!bookmark || !recipient) throw new HttpError(404, 'Not found.');
        // Lines are HTML: escape what users typed. The stored row is written before notify() resolves; the mail
        // goes out afterwards in the background, so a slow mail server never holds up this answer.
        await notify(kit, recipient.id, {
          type: BOOKMARK_SHARED.id,
          data: {
            image: null,
            lines: [
              {
                type: 'primary',
                content: `<strong>${escapeHtml(sender.email)}</strong> shared “${escapeHtml(bookmark.title)}”`,
              },
            ],
            // An absolute URL opens in a new tab; a site path navigates inside the app.
            mainAction: { action: bookmark.url, label: 'Open' },
          },
        });
        return { message: 'Shared.' };
      });
    },
  });
