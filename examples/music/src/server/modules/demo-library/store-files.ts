import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type Kit, storageKey } from '@backline/server';
import type { Knex } from 'knex';

const TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/**
 * Stores a file on disk in the kit's storage (local disk or S3) as a new file entry without an owner: the
 * site's own catalogue, not any user's upload, so it counts against no quota. The source stays in place (the
 * generator reuses it). Answers the entry id and the stored key (to remove it if the seed rolls back).
 */
export async function storeCatalogueFile(
  kit: Kit,
  trx: Knex.Transaction,
  file: string,
  stored: string[],
): Promise<number> {
  const extension = path.extname(file).toLowerCase();
  const mime = TYPES[extension] ?? 'application/octet-stream';
  const { size } = await stat(file);
  const fileName = randomUUID();
  const key = storageKey(fileName);
  // On local disk the entry shares the generator's bytes (a hard link), so the cache the generator keeps for a
  // fast re-seed costs no second copy of the library on disk.
  if (kit.storage.shareFile) await kit.storage.shareFile(key, file);
  else await kit.storage.write(key, createReadStream(file), { mime, size });
  stored.push(key);
  const now = kit.now();
  const [row] = await trx('file_entries')
    .insert({
      name: path.basename(file),
      file_name: fileName,
      mime,
      extension: extension.slice(1) || null,
      size,
      disk: kit.storage.driver,
      path: '',
      parent_id: null,
      owner_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const id = Number(row.id);
  await trx('file_entries')
    .where({ id })
    .update({ path: String(id) });
  return id;
}
