export { defaultUploadDrivers } from './drivers/default-drivers';
export {
  type DriverContext,
  type DriverSelectionContext,
  defineUploadDriver,
  type KeyValueStorage,
  pickDriver,
  stoppedByUser,
  type UploadCandidate,
  type UploadDriver,
  UploadStop,
} from './drivers/driver';
export { formDriver } from './drivers/form-driver';
export {
  multipartStorageKey,
  reusableParts,
  s3MultipartDriver,
  type UploadedPart,
} from './drivers/s3-multipart-driver';
export { declaredFile, s3EntryPayload, s3PresignDriver } from './drivers/s3-presign-driver';
export { shouldRetryTus, tusDriver, tusUploadKey } from './drivers/tus-driver';
export {
  callWithProgress,
  type ProgressOptions,
  sendXhr,
  type UploadRoute,
  type XhrRequest,
  type XhrResponse,
} from './drivers/xhr';
export {
  MB,
  MULTIPART_MAX_PARTS,
  MULTIPART_MIN_CHUNK,
  MULTIPART_MIN_PART,
  MULTIPART_PARALLEL_PARTS,
  MULTIPART_SIGN_BATCH,
  MULTIPART_THRESHOLD,
  TUS_ENDPOINT,
  TUS_RETRY_DELAYS,
  TUS_THRESHOLD,
  UPLOAD_CONCURRENCY,
  UPLOAD_TIMEOUT,
} from './engine/constants';
export {
  canStart,
  chooseDriver,
  type DriverSettings,
  multipartChunkSize,
  multipartParts,
  runsAlone,
  type ScheduledItem,
} from './engine/driver-choice';
export { formatBytes } from './engine/format-bytes';
export {
  checkRestrictions,
  extensionOf,
  FILE_TYPE_MESSAGE,
  MAX_SIZE_MESSAGE,
  mergeRestrictions,
  mimeMatches,
  type RestrictedFile,
  type RestrictionFailure,
  type UploadRestrictions,
} from './engine/restrictions';
export { type UploadSettings, uploadSettings } from './engine/settings';
export { etaSeconds, SpeedMeter } from './engine/speed';
export {
  englishTranslate,
  type FileEntry,
  type Translate,
  type UploadDriverName,
  type UploadItem,
  type UploadSource,
  type UploadStatus,
} from './engine/types';
export {
  createUploader,
  fileFingerprint,
  isJunkFile,
  UPLOAD_TIMED_OUT_MESSAGE,
  type Uploader,
  type UploaderClock,
  type UploaderEvents,
  type UploaderOptions,
  type UploadsState,
  uploadErrorMessage,
} from './engine/uploader';
export { filesFromDataTransfer, filesFromInput } from './files/file-sources';
export { UPLOADS_STRINGS, type UploadsString } from './i18n/uploads-strings';
