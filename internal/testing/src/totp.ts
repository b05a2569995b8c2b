import { Secret, TOTP } from 'otpauth';

/**
 * A TOTP code computed by `otpauth`, an implementation independent of the server's otplib: SHA-1, 6 digits,
 * 30-second period, at `at` (default now). If both agree, the server speaks RFC 6238, not just to itself.
 */
export function totpCode(secret: string, at: Date | number = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: typeof at === 'number' ? at : at.getTime() });
}
