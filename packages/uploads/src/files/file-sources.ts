import type { UploadSource } from '../engine/types';
import { isJunkFile } from '../engine/uploader';

/** Files from an `<input type="file">` (with `webkitdirectory`, each keeps its folder path). */
export function filesFromInput(files: FileList | readonly File[] | null | undefined): UploadSource[] {
  return Array.from(files ?? [])
    .filter((file) => !isJunkFile(file))
    .map((file) => ({ file, relativePath: file.webkitRelativePath || '' }));
}

/**
 * Files from a drop. Folders are walked, and every file in them keeps its path inside the dropped folder
 * (`album/disc 1/track.mp3`). The entries are taken synchronously: the browser empties the DataTransfer
 * once the drop event returns.
 */
export async function filesFromDataTransfer(dataTransfer: DataTransfer): Promise<UploadSource[]> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(dataTransfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (!entries.length && !loose.length) loose.push(...Array.from(dataTransfer.files ?? []));
  const sources: UploadSource[] = loose.map((file) => ({ file }));
  for (const entry of entries) await collect(entry, sources);
  return sources.filter((source) => !isJunkFile(source.file));
}

async function collect(entry: FileSystemEntry, out: UploadSource[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    const path = entry.fullPath.replace(/^\/+/, '');
    out.push({ file, relativePath: path === file.name ? '' : path });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (!batch.length) break;
    for (const child of batch) await collect(child, out);
  }
}
