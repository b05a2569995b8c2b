import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
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

/** Loopback, private, link-local and shared (CGNAT) ranges: no place to look up, so the data is not loaded for them. */
const local = new BlockList();
local.addSubnet('127.0.0.0', 8);
local.addSubnet('10.0.0.0', 8);
local.addSubnet('172.16.0.0', 12);
local.addSubnet('192.168.0.0', 16);
local.addSubnet('169.254.0.0', 16);
local.addSubnet('100.64.0.0', 10);
local.addSubnet('0.0.0.0', 8);
local.addAddress('::1', 'ipv6');
local.addAddress('::', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

/**
 * The ISO 3166-1 alpha-2 country of an IP address from the same offline GeoIP data the sessions list uses; null
 * for loopback and private addresses, anything that is not an IP, and addresses the data does not place.
 */
export function ipCountry(ip: string | null | undefined): string | null {
  const address = (ip ?? '').replace(/^::ffff:/, '');
  const family = isIP(address);
  if (!family || local.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
  const country = geoip().lookup(address)?.country;
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
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
