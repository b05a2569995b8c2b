import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './vite-precompress';

export default defineConfig({
  // Brotli and gzip copies of the text assets, served by Accept-Encoding (serveStaticFiles).
  plugins: [react(), precompress()],
  // Workspace packages resolve to their src/ through the custom condition: no package build needed.
  resolve: { conditions: ['@backline/source', ...defaultClientConditions] },
  // The manifest tells the server which chunks each page needs (`pageModules`), to announce them in its HTML.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, manifest: true },
  logLevel: process.env.CI ? 'warn' : 'info',
});
