/** Every line the files page translates. */
export const FILES_STRINGS: readonly string[] = [
  'Files',
  'File deleted',
  'Storage per user',
  'No owner',
  ':count files',
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
