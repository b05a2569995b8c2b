import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type { Logger } from '../kit';

/** A message handler; `payload` is whatever the publisher sent (JSON). */
export type BusHandler = (payload: unknown) => void;

/**
 * Messages between the instances of one app (several processes on one database). Every publish reaches this
 * instance's own subscribers at once and the other instances' soon after. PostgreSQL's `LISTEN/NOTIFY` carries
 * them: every deployment with more than one instance already shares PostgreSQL, so the bus needs no other
 * service (Redis stays optional, for rate limits). On PGlite, which one process opens, the bus is in-process only.
 */
export interface InstanceBus {
  /** `postgres` (LISTEN/NOTIFY between processes) or `local` (this process only). */
  readonly kind: 'postgres' | 'local';
  /** This instance's id, random per start. */
  readonly instanceId: string;
  /** Whether messages from other instances arrive (always true for the local bus). */
  readonly connected: boolean;
  /** Delivers `payload` to this instance's subscribers of `topic`, then to the other instances' (at most ~7 KB). */
  publish(topic: string, payload?: unknown): Promise<void>;
  /** Calls `handler` for every message on `topic`, this instance's own included; answers the unsubscribe. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /**
   * Registers an in-process cache by name: `forget` drops it. `invalidate(name)` runs it here and on every
   * other instance, and every cache is forgotten when the bus reconnects (messages may have been missed).
   */
  cache(name: string, forget: () => void): void;
  /** Forgets the named cache on every instance (call after the write commits). */
  invalidate(name: string): Promise<void>;
  close(): Promise<void>;
}

const CACHE_TOPIC = 'cache';
/** NOTIFY refuses payloads of 8,000 bytes or more; leave room for the envelope. */
const MAX_PAYLOAD = 7_500;

interface Envelope {
  /** The schema the app lives in: apps on one database in separate schemas (test runs) never hear each other. */
  s: string;
  /** The sending instance. */
  i: string;
  t: string;
  p?: unknown;
}

/** The in-process part every bus shares: subscribers by topic and the registered caches. */
class LocalBus implements InstanceBus {
  readonly kind: 'postgres' | 'local' = 'local';
  readonly instanceId = randomUUID();
  protected readonly handlers = new Map<string, Set<BusHandler>>();
  protected readonly caches = new Map<string, () => void>();

  constructor(protected readonly log?: Logger) {
    this.subscribe(CACHE_TOPIC, (name) => {
      if (typeof name === 'string') this.caches.get(name)?.();
    });
  }

  get connected(): boolean {
    return true;
  }

  async publish(topic: string, payload?: unknown): Promise<void> {
    this.deliver(topic, payload);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    this.handlers.set(topic, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  cache(name: string, forget: () => void): void {
    this.caches.set(name, forget);
  }

  async invalidate(name: string): Promise<void> {
    // The write itself succeeded: a failed broadcast is logged, not thrown at the request that wrote.
    await this.publish(CACHE_TOPIC, name).catch((error) =>
      this.log?.error(`Could not tell the other instances to forget "${name}"`, error),
    );
  }

  /** Forgets every registered cache (after a reconnect, when messages may have been missed). */
  protected forgetAll(): void {
    for (const forget of this.caches.values()) forget();
  }

  protected deliver(topic: string, payload: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        // One failing subscriber must not keep the message from the others.
        this.log?.error(`A bus subscriber of "${topic}" failed`, error);
      }
    }
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

/** The bus for PGlite (and tests): this process only. */
export function createLocalBus(log?: Logger): InstanceBus {
  return new LocalBus(log);
}

/** The pg client the bus listens on (the parts it uses). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  removeAllListeners(): unknown;
  end(): Promise<void>;
}

/**
 * node-postgres's `Client` (knex's driver, a dependency of this package), loaded on first use. `pg` ships no
 * types, and the bus only needs the few calls `ListenClient` names.
 */
export function pgClient(): new (config: {
  connectionString: string;
  application_name?: string;
}) => ListenClient {
  return (createRequire(import.meta.url)('pg') as { Client: new (config: object) => ListenClient }).Client;
}

class PostgresBus extends LocalBus {
  override readonly kind = 'postgres' as const;
  private client: ListenClient | undefined;
  private closed = false;
  private listening = false;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = 100;

  constructor(
    private readonly knex: Knex,
    private readonly connectionString: string,
    private readonly schema: string,
    private readonly channel: string,
    log?: Logger,
  ) {
    super(log);
  }

  override get connected(): boolean {
    return this.listening;
  }

  /** Opens the listening connection; resolves once `LISTEN` took effect (or after the first failure). */
  async start(): Promise<void> {
    await this.connect().catch((error) => {
      this.log?.warn(`The instance bus could not listen yet (${String(error)}); retrying.`);
      this.scheduleReconnect();
    });
  }

  private async connect(): Promise<void> {
    const client = new (pgClient())({ connectionString: this.connectionString });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.received(message.payload));
    await client.connect();
    await client.query(`listen "${this.channel}"`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    const wasReconnect = this.everListened;
    this.listening = true;
    this.everListened = true;
    this.retryMs = 100;
    // While the connection was down other instances may have written: every cache reloads.
    if (wasReconnect) this.forgetAll();
  }

  private everListened = false;

  private lost(client: ListenClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    client.removeAllListeners();
    client.end().catch(() => {});
    if (this.closed) return;
    this.log?.warn('The instance bus lost its PostgreSQL connection; reconnecting.');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().catch(() => {
        if (this.client) this.lost(this.client);
        else this.scheduleReconnect();
      });
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
  }

  private received(text: string | undefined): void {
    if (!text) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    // Our own messages were delivered when published.
    if (envelope.s !== this.schema || envelope.i === this.instanceId) return;
    this.deliver(envelope.t, envelope.p);
  }

  override async publish(topic: string, payload?: unknown): Promise<void> {
    this.deliver(topic, payload);
    const text = JSON.stringify({
      s: this.schema,
      i: this.instanceId,
      t: topic,
      p: payload,
    } satisfies Envelope);
    if (Buffer.byteLength(text) > MAX_PAYLOAD)
      throw new Error(`A bus message on "${topic}" is too large (${Buffer.byteLength(text)} bytes).`);
    // Through the pool, not the listening connection: a publish never waits behind a reconnect.
    await this.knex.raw('select pg_notify(?, ?)', [this.channel, text]);
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    if (client) {
      client.removeAllListeners();
      await client.end().catch(() => {});
    }
    await super.close();
  }
}

/**
 * The bus between the instances of an app on PostgreSQL: one connection of its own runs `LISTEN`, publishing is a
 * `pg_notify` through the app's pool. A dropped connection reconnects with backoff and then forgets every cache.
 * Needs a session-level connection: behind PgBouncer, point `DATABASE_URL` at a session-mode pool (or the server).
 */
export async function createPostgresBus(options: {
  knex: Knex;
  url: string;
  schema?: string | undefined;
  log?: Logger;
}): Promise<InstanceBus> {
  const bus = new PostgresBus(
    options.knex,
    options.url,
    options.schema ?? 'public',
    'backline_instances',
    options.log,
  );
  await bus.start();
  return bus;
}
