/**
 * Every line @backline/uploads translates, as i18next keys (the English text; `:name` placeholders).
 * Lines quoted by the spec appear here verbatim.
 */
export const UPLOADS_STRINGS = [
  // Restrictions and failures (spec accounts §5 and §8). The product documents write the first as
  // "`{file}` exceeds maximum allowed size of {size}"; this catalogue's placeholders take the `:name` form,
  // and the rendered line is the same ("`song.wav` exceeds maximum allowed size of 2 MB").
  '`:file` exceeds maximum allowed size of :size',
  'This file type is not allowed',
  'Upload timed out',
  'There was an issue. Please try again later.',
  // Image field (spec accounts §5)
  'Please select an image',
  'Upload image',
  'Replace image',
  'Remove image',
  'Uploading…',
  // Drop zone and picker
  'Drop files here',
  'Drop files or folders here, or',
  'Drop to upload',
  'Select files',
  'Select folder',
  // Progress list
  'Uploads',
  'Pending',
  'Uploading',
  'Completed',
  'Failed',
  'Aborted',
  'Abort',
  'Retry',
  'Remove',
  'Abort :name',
  'Retry :name',
  'Remove :name',
  'Clear finished',
  ':uploaded of :total',
  ':speed/s',
  ':time left',
  ':count files uploaded',
  ':done of :count files uploaded',
  // The plural form for one (i18next's `_one` suffix); a language with more forms adds `_few`, `_many`, …
  ':done of :count files uploaded_one',
  ':count more files',
  ':count more files_one',
  'Upload progress of :name',
] as const;

export type UploadsString = (typeof UPLOADS_STRINGS)[number];
