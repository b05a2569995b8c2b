import * as z from 'zod/mini';
import { timestamp } from './common';

/**
 * A signed-in session as the sessions list answers it: a browser session, or an API token's (then `token` names
 * it and its id is negative, so the two kinds never share an id). Platform, browser and place are read from the
 * user agent and the IP address, and are null when they cannot be.
 */
export const Session = z.object({
  id: z.number(),
  platform: z.nullable(z.string()),
  browser: z.nullable(z.string()),
  device_type: z.enum(['mobile', 'tablet', 'other']),
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  ip_address: z.nullable(z.string()),
  /** The token's name for sessions of API tokens; null for browser sessions. */
  token: z.nullable(z.string()),
  last_active: timestamp,
  is_current_device: z.boolean(),
});
export type Session = z.infer<typeof Session>;
