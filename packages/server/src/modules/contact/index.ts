import { contact } from '@backline/core/contract';
import { defineModule, type Kit } from '../../kit';
import { renderActionMail } from '../../mail/templates';
import { requireHuman } from '../human-check/index';

/** 5 contact messages an hour per IP. */
export const CONTACT_IP_LIMIT = {
  points: 5,
  duration: 3600,
  message: 'Too many messages. Please try again later.',
};
/** 3 contact messages an hour per sender address. */
export const CONTACT_EMAIL_LIMIT = {
  points: 3,
  duration: 3600,
  message: 'Too many messages from this address. Please try again later.',
  field: 'email',
};
/** What a sent message answers; the site shows its own translated line. */
export const CONTACT_SENT_MESSAGE = 'Your message can be submitted.';

/** Mails a contact message to the site's address, Reply-To the sender, so answering it reaches them. */
async function mailContactMessage(kit: Kit, to: string, message: contact.ContactBody): Promise<void> {
  const siteName = await kit.settings.get<string>('branding.site_name', 'Backline');
  const rendered = renderActionMail({
    siteName,
    subject: `New message from ${message.name} via the ${siteName} contact form`,
    lines: [`Name: ${message.name}`, `Email: ${message.email}`, '', ...message.message.split(/\r?\n/)],
  });
  await kit.mail.send({ to, replyTo: { name: message.name, address: message.email }, ...rendered });
}

/**
 * The contact form: `POST contact-page {name, email, message}`, behind the human check for `contact`, limited
 * per IP and per sender address. Each message is stored (`contact_messages`) and mailed to the `contact.email`
 * setting (without one it is only stored, and the log says so).
 */
export const contactModule = () =>
  defineModule({
    id: 'contact',
    settings: {
      // Where messages go; private, so the address is never published in bootstrap data.
      'contact.email': { value: '' },
    },
    migrations: {
      '001-contact-messages': {
        async up(knex) {
          await knex.schema.createTable('contact_messages', (t) => {
            t.increments('id');
            t.string('name', 255).notNullable();
            t.string('email', 255).notNullable();
            t.text('message').notNullable();
            t.string('ip', 64);
            t.integer('user_id').references('users.id').onDelete('SET NULL');
            t.timestamp('created_at', { useTz: true }).notNullable().index();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('contact_messages');
        },
      },
    },
    routes(router) {
      router.route(contact.send).handle(async ({ body, ctx, kit }) => {
        // Limits first, so a flood costs no provider round trip, no row and no mail.
        await kit.rateLimits.consume('contact-ip', ctx.ip, CONTACT_IP_LIMIT);
        await kit.rateLimits.consume('contact-email', body.email, CONTACT_EMAIL_LIMIT);
        await requireHuman(ctx, kit, 'contact', body.recaptcha_token);
        const { recaptcha_token: _token, ...message } = body;
        await kit.knex('contact_messages').insert({
          ...message,
          ip: ctx.ip,
          user_id: ctx.state.user?.id ?? null,
          created_at: kit.now(),
        });
        const to = await kit.settings.get<string>('contact.email', '');
        if (to) await mailContactMessage(kit, to, message);
        else kit.log.warn('A contact message was stored but not mailed: set the contact.email setting.');
        return { message: CONTACT_SENT_MESSAGE };
      });
    },
  });
