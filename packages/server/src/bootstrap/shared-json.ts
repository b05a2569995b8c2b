/**
 * Bootstrap data is mostly the same few objects on every request (the public settings tree, the themes, the
 * translation lines), and the wire contract encodes it twice: as JSON text, then that text as a JSON string
 * inside the `GET bootstrap-data` answer. Serialising the unchanged parts over and over was most of the
 * cost of an answer (docs/benchmarks.md). Objects registered here are frozen and carry both encodings,
 * computed once; `encodeBootstrap` splices them in and serialises only what changes per request.
 */

interface Encoded {
  /** `JSON.stringify(value)` */
  json: string;
  /** The same text as it appears inside a JSON string: `JSON.stringify(json)` without the quotes. */
  quoted: string;
}

const encodings = new WeakMap<object, Encoded>();
/** Encoded property names: bootstrap data uses the same few dozen on every request. */
const names = new Map<string, Encoded>();
const MAX_NAMES = 1000;

/**
 * Freezes `value` deeply and remembers its JSON encodings. Use it for objects shared between requests;
 * a later mutation throws (modules must copy before changing a shared part of bootstrap data).
 */
export function sharedJson<T extends object>(value: T): T {
  if (encodings.has(value)) return value;
  deepFreeze(value);
  const json = JSON.stringify(value);
  encodings.set(value, { json, quoted: quote(json) });
  return value;
}

/** True when `value` was registered with `sharedJson`. */
export function isSharedJson(value: unknown): boolean {
  return typeof value === 'object' && value !== null && encodings.has(value);
}

/** `JSON.stringify(value)`, reusing the cached text of shared parts up to two levels down. */
export function encodeJson(value: unknown): string {
  return encode(value, 2, false);
}

/** `JSON.stringify(JSON.stringify(value))` without the outer quotes, reusing cached shared parts. */
export function encodeQuotedJson(value: unknown): string {
  return encode(value, 2, true);
}

function encode(value: unknown, depth: number, quoted: boolean): string {
  if (typeof value === 'object' && value !== null) {
    const cached = encodings.get(value);
    if (cached) return quoted ? cached.quoted : cached.json;
    // Only plain objects are walked; anything else (arrays, dates, toJSON) is left to JSON.stringify,
    // so the result always equals what JSON.stringify would produce.
    if (depth > 0 && Object.getPrototypeOf(value) === Object.prototype) {
      let out = '{';
      let first = true;
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        const name = encodedName(key);
        out += `${first ? '' : ','}${quoted ? name.quoted : name.json}:${encode(item, depth - 1, quoted)}`;
        first = false;
      }
      return `${out}}`;
    }
  }
  const json = JSON.stringify(value) ?? 'null';
  return quoted ? quote(json) : json;
}

function encodedName(key: string): Encoded {
  let name = names.get(key);
  if (!name) {
    const json = JSON.stringify(key);
    name = { json, quoted: quote(json) };
    // Names under the walked depth are the data's own keys, a fixed set; the cap only guards odd callers.
    if (names.size < MAX_NAMES) names.set(key, name);
  }
  return name;
}

function quote(json: string): string {
  return JSON.stringify(json).slice(1, -1);
}

function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) {
    if (typeof item === 'object' && item !== null) deepFreeze(item);
  }
}
