/** Every line the files page translates. */
export const FILES_STRINGS: readonly string[] = [
  'Files',
  'File deleted',
  'Storage per user',
  'No owner',
  ':count files',
  // The plural form for one (i18next's `_one` suffix); a language with more forms adds `_few`, `_many`, …
  ':count files_one',
  'Search files',
  'No files yet.',
  'Preview',
  'Owner',
  'Size',
  'Uploaded',
  'Storage',
  'Delete',
  'Delete file',
  '":name" will be deleted for good.',
  'Play :name',
];
