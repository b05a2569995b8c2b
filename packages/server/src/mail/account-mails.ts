import type { Kit } from '../kit';
import { renderActionMail } from './templates';

const siteName = (kit: Kit) => kit.settings.get<string>('branding.site_name', 'Backline');

/** The password reset mail, with a link to `/password/reset/{token}?email=…`. */
export async function sendPasswordResetMail(kit: Kit, to: string, url: string): Promise<void> {
  const name = await siteName(kit);
  await kit.mail.send({
    to,
    ...renderActionMail({
      siteName: name,
      subject: `Reset your ${name} password`,
      lines: ['You are receiving this email because we received a password reset request for your account.'],
      action: { label: 'Reset password', url },
      outro: [
        'This link expires in 60 minutes.',
        'If you did not ask to reset your password, ignore this email.',
      ],
    }),
  });
}

/** The address verification mail. */
export async function sendVerificationMail(kit: Kit, to: string, url: string): Promise<void> {
  const name = await siteName(kit);
  await kit.mail.send({
    to,
    ...renderActionMail({
      siteName: name,
      subject: `Verify your email address for ${name}`,
      lines: ['Please confirm that this is your email address.'],
      action: { label: 'Verify email address', url },
      outro: ['This link expires in 24 hours.', 'If you did not create an account, ignore this email.'],
    }),
  });
}

/**
 * Sent instead of a second account when someone registers an address that already has one: the owner learns
 * of it, and the person registering sees the same answer as for a new address.
 */
export async function sendAlreadyRegisteredMail(kit: Kit, to: string, resetUrl: string): Promise<void> {
  const name = await siteName(kit);
  await kit.mail.send({
    to,
    ...renderActionMail({
      siteName: name,
      subject: `You already have a ${name} account`,
      lines: [
        'Someone tried to create an account with this email address, but you already have one.',
        'If it was you, log in instead, or reset your password if you forgot it.',
      ],
      action: { label: 'Reset password', url: resetUrl },
      outro: ['If it was not you, no action is needed.'],
    }),
  });
}
