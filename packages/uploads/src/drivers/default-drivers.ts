import type { UploadDriver } from './driver';
import { formDriver } from './form-driver';
import { s3MultipartDriver } from './s3-multipart-driver';
import { s3PresignDriver } from './s3-presign-driver';
import { tusDriver } from './tus-driver';

/**
 * The built-in drivers, in the order the queue asks them (spec accounts §9): with direct uploads, multipart
 * from 100 MB and one presigned PUT below; otherwise tus from 4 MB unless it is off; the form for the rest.
 * Drivers registered with `uploader.use()` are asked before these.
 */
export const defaultUploadDrivers: readonly UploadDriver[] = [
  s3MultipartDriver,
  s3PresignDriver,
  tusDriver,
  formDriver,
];
