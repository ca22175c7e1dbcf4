import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the filler benchmark page (index.html here) into bench/dist/filler; the hub never serves it. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: { outDir: fileURLToPath(new URL('../dist/filler', import.meta.url)), emptyOutDir: true, chunkSizeWarningLimit: 600 },
  logLevel: 'warn',
});
