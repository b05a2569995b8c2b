import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import { HttpError } from '../http/errors';

/**
 * OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 50 ms here). Changing these makes every stored
 * hash with other parameters get rehashed at its owner's next login.
 */
export const PASSWORD_HASHING = {
  algorithm: 2 as Algorithm, // Argon2id; the enum is `const`, which isolated modules cannot import
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/*
 * Hashing runs on libuv's thread pool, off the event loop. A semaphore sized to the cores keeps a login
 * storm from queueing more hashes than the machine can run at once, so pool threads stay free for file and
 * DNS work and requests that need no hash keep their latency.
 */
const slots = Math.max(1, availableParallelism());
/**
 * How many hashes may wait for a slot. Beyond it a request answers 429 at once instead of queueing: under a
 * login flood from many addresses the queue (and every waiting login's latency) stays bounded, about
 * `MAX_QUEUED_HASHES / slots` hash times (50 ms each here), rather than growing with the flood.
 */
export const MAX_QUEUED_HASHES = 32;
export const HASHER_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) {
    if (waiting.length >= MAX_QUEUED_HASHES)
      throw new HttpError(429, HASHER_BUSY_MESSAGE, undefined, { 'Retry-After': '1' });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/*
 * Passwords are NFKC-normalised before hashing (NIST SP 800-63B 5.1.1.2), so the same password typed on
 * keyboards that produce different Unicode forms still matches.
 */
const normalise = (password: string) => password.normalize('NFKC');

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(normalise(password), PASSWORD_HASHING));
}

let dummy: Promise<string> | undefined;
/** A hash of nothing anyone knows, so a check for a missing account costs what a real one costs. */
function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(24).toString('base64'), PASSWORD_HASHING);
  return dummy;
}

/** Computes the dummy hash ahead of the first request, which would otherwise pay for it twice. */
export async function warmUpHasher(): Promise<void> {
  await dummyHash();
}

/** How every hash made with today's parameters starts (the PHC string `hash` writes). */
const CURRENT_PREFIX = `$${['argon2d', 'argon2i', 'argon2id'][PASSWORD_HASHING.algorithm]}$v=19$m=${PASSWORD_HASHING.memoryCost},t=${PASSWORD_HASHING.timeCost},p=${PASSWORD_HASHING.parallelism}$`;

/** Whether a stored hash was made with other parameters than today's. */
export function needsRehash(hashed: string): boolean {
  // Every login asks: today's own hashes answer from their prefix, without a call into the binding.
  if (hashed.startsWith(CURRENT_PREFIX)) return false;
  try {
    const used = parseOptions(hashed);
    return (
      used.algorithm !== PASSWORD_HASHING.algorithm ||
      used.memoryCost !== PASSWORD_HASHING.memoryCost ||
      used.timeCost !== PASSWORD_HASHING.timeCost ||
      used.parallelism !== PASSWORD_HASHING.parallelism
    );
  } catch {
    return true;
  }
}

let checks = 0;
/**
 * How many password checks (argon2 verifications, dummy ones included) this process has run: a metric, and
 * what the enumeration tests count, since equal work for known and unknown accounts is the defence itself.
 */
export function passwordChecks(): number {
  return checks;
}

/**
 * Checks a password against a stored hash. Without a hash (no such account, or no password set) it checks
 * against a dummy hash anyway and answers false: the caller's timing never tells the two cases apart.
 */
export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  const target = hashed || (await dummyHash());
  let valid = false;
  try {
    valid = await limited(() => {
      checks++;
      return verify(target, normalise(password));
    });
  } catch (error) {
    // A full queue answers 429; any other failure (a malformed stored hash) is a wrong password.
    if (error instanceof HttpError) throw error;
    valid = false;
  }
  return valid && !!hashed;
}
