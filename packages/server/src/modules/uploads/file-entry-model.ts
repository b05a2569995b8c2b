import { apiPath, type FileEntry as FileEntryWire, fillPath, uploads } from '@backline/core/contract';
import { Model } from 'objection';

/** A row of `file_entries`: an uploaded file, its stored bytes at `storageKey(file_name)` on `disk`. */
export class FileEntry extends Model {
  static override tableName = 'file_entries';

  id!: number;
  /** The display name: the client's file name, cleaned (no directories, no control characters). */
  name!: string;
  /** The server-generated name of the stored bytes (a UUID); never derived from client input. */
  file_name!: string;
  mime!: string;
  extension!: string | null;
  size!: number;
  /** The storage that holds the bytes (`local`, `s3` or a custom storage's `driver`). */
  disk!: string;
  /** The ids from the root down to this entry (`12/45`), for folder-aware deletes. */
  path!: string;
  parent_id!: number | null;
  owner_id!: number | null;
  created_at!: Date;
  updated_at!: Date;
  deleted_at!: Date | null;
}

/**
 * A file entry as handlers return it: the contract's `FileEntry`, with its timestamps still `Date`s (their JSON
 * is the wire's ISO strings).
 */
export type FileEntryRecord = Omit<FileEntryWire, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
};

/** Where the bytes of an entry live in storage. */
export function storageKey(fileName: string): string {
  return `uploads/${fileName}`;
}

/** Serializes an entry for the API; `url` is the site-relative address that serves the bytes. */
export function serializeFileEntry(entry: FileEntry): FileEntryRecord {
  return {
    id: entry.id,
    name: entry.name,
    file_name: entry.file_name,
    mime: entry.mime,
    extension: entry.extension,
    size: Number(entry.size),
    url: `/${apiPath(fillPath(uploads.download.path, { id: entry.id }))}`,
    parent_id: entry.parent_id,
    owner_id: entry.owner_id,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
  };
}
