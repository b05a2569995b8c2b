import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

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
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
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

/**
 * Checks a password against a stored hash. Without a hash (no such account, or no password set) it checks
 * against a dummy hash anyway and answers false: the caller's timing never tells the two cases apart.
 */
export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  const target = hashed || (await dummyHash());
  let valid = false;
  try {
    valid = await limited(() => verify(target, normalise(password)));
  } catch {
    valid = false;
  }
  return valid && !!hashed;
}
