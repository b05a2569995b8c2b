import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client builds into dist/client, which the server serves with the bootstrap data injected.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true },
});
