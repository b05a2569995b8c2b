import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The record of what is already in the output folder: for each file, the key of the job that made it (a hash
 * of the generator version and every input) and its size. A file is reused only when both still match, so a
 * changed plan, seed or generator, or a truncated or deleted file, is made again.
 */
export interface Manifest {
  has(files: string[], key: string): Promise<boolean>;
  set(files: string[], key: string, sizes: number[]): void;
  toJSON(): ManifestFile;
}

interface ManifestFile {
  format: 1;
  files: Record<string, { key: string; size: number }>;
}

export const MANIFEST_NAME = 'manifest.json';

export async function readManifest(outDir: string): Promise<Manifest> {
  let files: ManifestFile['files'] = {};
  try {
    const parsed = JSON.parse(await readFile(join(outDir, MANIFEST_NAME), 'utf8')) as Partial<ManifestFile>;
    if (parsed.format === 1 && parsed.files && typeof parsed.files === 'object') files = parsed.files;
  } catch {
    // No manifest yet, or an unreadable one: everything is generated again.
  }
  return {
    async has(names, key) {
      for (const name of names) {
        const entry = files[name];
        if (!entry || entry.key !== key) return false;
        try {
          if ((await stat(join(outDir, name))).size !== entry.size) return false;
        } catch {
          return false;
        }
      }
      return true;
    },
    set(names, key, sizes) {
      names.forEach((name, i) => {
        files[name] = { key, size: sizes[i] ?? 0 };
      });
    },
    toJSON: () => ({ format: 1, files }),
  };
}

export async function writeManifest(outDir: string, manifest: Manifest) {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, MANIFEST_NAME);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(manifest.toJSON(), null, 1)}\n`);
  await rename(temporary, path);
}
