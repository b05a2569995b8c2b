import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images, audio and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
/** Below this, a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside every text file of the build,
 * once, at build time: the server then sends the copy the client accepts (`serveStaticFiles` in
 * `@backline/server`) without compressing anything per request. `index.html` is skipped: the server renders
 * it per request with the bootstrap data. A copy that is not smaller than the file is not kept.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (name) => COMPRESSIBLE.test(name) && name !== 'index.html',
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          if (!(await stat(file)).isFile()) return;
          const data = await readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipped(data, { level: 9 }),
          ]);
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
