import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their src/ through the custom condition: no package build needed.
  resolve: { conditions: ['@backline/source', ...defaultClientConditions] },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
  logLevel: process.env.CI ? 'warn' : 'info',
});
