export { UploadDropZone, type UploadDropZoneProps } from './drop-zone';
export { FilePicker, type FilePickerProps } from './file-picker';
export {
  IMAGE_MAX_SIZE,
  IMAGE_PREVIEW_SIZE,
  type ImageUploader,
  ImageUploadField,
  type ImageUploadFieldProps,
  INVALID_IMAGE_MESSAGE,
} from './image-upload-field';
export {
  formatDuration,
  UploadProgressList,
  type UploadProgressListProps,
  type UploadQueueControls,
} from './upload-progress-list';
export {
  addTo,
  type UseUploadsOptions,
  type UseUploadsResult,
  useUploaderEvent,
  useUploads,
} from './use-uploads';
