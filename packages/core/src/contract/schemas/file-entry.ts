import * as z from 'zod/mini';
import { timestamp } from './common';

/**
 * An uploaded file as the API answers it (`{fileEntry}` from every upload route, and the avatar's source).
 * `url` is the site-relative address that serves the bytes (`/api/v1/file-entries/{id}`), readable by the
 * owner and admins only; `file_name` is the server-made name of the stored bytes, never the client's.
 */
export const FileEntry = z.object({
  id: z.number(),
  /** The display name: the client's file name, cleaned (last path segment, no control characters). */
  name: z.string(),
  /** The server-generated name of the stored bytes (a UUID). */
  file_name: z.string(),
  /** The type sniffed from the bytes, never only the client's word. */
  mime: z.string(),
  /** Lower case, without the dot; null when the name has none and the bytes reveal none. */
  extension: z.nullable(z.string()),
  /** Bytes. */
  size: z.number(),
  url: z.string(),
  parent_id: z.nullable(z.number()),
  owner_id: z.nullable(z.number()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type FileEntry = z.infer<typeof FileEntry>;

/** `{fileEntry}`: what an upload answers once its bytes are stored. */
export const FileEntryAnswer = z.object({ fileEntry: FileEntry });
export type FileEntryAnswer = z.infer<typeof FileEntryAnswer>;
