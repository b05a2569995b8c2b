import { createRequire } from 'node:module';
import type { Serializable, Session as WireSession } from '@backline/core/contract';
import { UAParser } from 'ua-parser-js';
import type { Session } from './session-model';

/** A session as `GET user-sessions` answers it: the contract's `Session`, dates before serialisation. */
export type SessionResource = Serializable<WireSession>;

interface GeoLookup {
  lookup(ip: string): { city?: string; country?: string } | null;
}
let geo: GeoLookup | undefined;
/*
 * geoip-lite reads its ~150 MB of offline data synchronously when first required, so it is loaded on the
 * first sessions listing rather than at start-up, and once per process.
 */
function geoip(): GeoLookup {
  geo ??= createRequire(import.meta.url)('geoip-lite') as GeoLookup;
  return geo;
}

/** Platform, browser and device from the user agent; city and country from the IP, where resolvable. */
export function describeSession(session: Session, currentId: number | undefined): SessionResource {
  const agent = new UAParser(session.user_agent ?? '').getResult();
  const type = agent.device.type;
  const place = session.ip_address ? geoip().lookup(session.ip_address.replace(/^::ffff:/, '')) : null;
  return {
    id: session.id,
    platform: agent.os.name ?? null,
    browser: agent.browser.name ?? null,
    device_type: type === 'mobile' || type === 'tablet' ? type : 'other',
    city: place?.city || null,
    country: place?.country || null,
    ip_address: session.ip_address,
    token: null,
    last_active: session.last_active,
    is_current_device: session.id === currentId,
  };
}
