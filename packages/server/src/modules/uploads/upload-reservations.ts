import type { Knex } from 'knex';
import { HttpError } from '../../http/errors';

/**
 * A user's storage quota covers stored files plus the bytes every upload in flight may still bring, whatever
 * its path: a tus upload's declared length, a direct (S3) upload's declared size, a form upload's declared
 * request length. Each upload in flight holds a row in `upload_reservations` until it becomes a file entry (the
 * row is deleted in the entry's own transaction), is refused, cancelled or swept, or its row expires. Every
 * check runs in a transaction that first locks the user's row, so uploads started at once are counted one
 * after another and several of them cannot each take the last free bytes.
 */

/** Which path an upload took; with the upload's own id it names its reservation. */
export type ReservationKind = 'tus' | 'direct' | 'form';

/** The reservation id of an upload: its path and its id on that path (tus id, direct key, a uuid for a form). */
export const reservationId = (kind: ReservationKind, id: string): string => `${kind}:${id}`;

/**
 * How long a form upload's reservation counts if its request never ends normally (a crashed process): an hour,
 * well past Node's own limit on one request (`requestTimeout`, 5 minutes). A request that ends deletes it.
 */
export const FORM_RESERVATION_MS = 60 * 60 * 1000;

/** Locks the user's row for the rest of the transaction; false when the user is gone. */
export async function lockOwner(trx: Knex.Transaction, ownerId: number): Promise<boolean> {
  return Boolean(await trx('users').where({ id: ownerId }).forUpdate().first('id'));
}

/** Bytes the user's live reservations hold, leaving out `except` (the upload being turned into an entry). */
export async function reservedBytes(
  knex: Knex,
  ownerId: number,
  now: Date,
  except?: string,
): Promise<number> {
  const query = knex('upload_reservations').where({ owner_id: ownerId }).where('expires_at', '>', now);
  if (except) query.whereNot({ id: except });
  const row = (await query.sum({ total: 'size' }).first()) as { total: string | number | null } | undefined;
  return Number(row?.total ?? 0);
}

/** Bytes a user's entries take (trashed ones too: their bytes are still stored). */
export async function usedBytes(knex: Knex, ownerId: number): Promise<number> {
  const row = (await knex('file_entries').where({ owner_id: ownerId }).sum({ total: 'size' }).first()) as
    | { total: string | number | null }
    | undefined;
  return Number(row?.total ?? 0);
}

/** Stored bytes plus reserved bytes: what the quota is measured against. */
export async function committedBytes(
  knex: Knex,
  ownerId: number,
  now: Date,
  except?: string,
): Promise<number> {
  return (await usedBytes(knex, ownerId)) + (await reservedBytes(knex, ownerId, now, except));
}

/**
 * Reserves `size` bytes for an upload starting now, inside `trx`, which must already hold the user's row lock
 * (`lockOwner`). Throws `refusal()` when stored files, live reservations and this one would pass `quota`
 * (null: unlimited, the reservation is recorded all the same so a later quota still sees it).
 */
export async function reserve(
  trx: Knex.Transaction,
  values: { id: string; ownerId: number; size: number; now: Date; ttlMs: number; quota: number | null },
  refusal: () => unknown,
): Promise<void> {
  const { id, ownerId, size, now, ttlMs, quota } = values;
  if (quota !== null && (await committedBytes(trx, ownerId, now)) + size > quota) throw refusal();
  await trx('upload_reservations').insert({
    id,
    owner_id: ownerId,
    size,
    created_at: now,
    expires_at: new Date(now.getTime() + ttlMs),
  });
}

/** Reserves bytes in a transaction of its own (locking the user's row); 401 when the user is gone. */
export async function reserveForOwner(
  knex: Knex,
  values: { id: string; ownerId: number; size: number; now: Date; ttlMs: number; quota: number | null },
  refusal: () => unknown,
): Promise<void> {
  await knex.transaction(async (trx) => {
    if (!(await lockOwner(trx, values.ownerId))) throw new HttpError(401, 'Unauthenticated.');
    await reserve(trx, values, refusal);
  });
}

/** Ends a reservation (the upload was refused, cancelled, removed or swept). */
export async function releaseReservation(knex: Knex, id: string): Promise<void> {
  await knex('upload_reservations').where({ id }).delete();
}

/** Drops reservations past their expiry (they stopped counting already); returns how many went. */
export async function sweepReservations(knex: Knex, now: Date): Promise<number> {
  return knex('upload_reservations').where('expires_at', '<=', now).delete();
}
