import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contractsEntry = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));
const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@market/contracts', replacement: contractsEntry },
      { find: /^@\//, replacement: srcDir },
    ],
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
  },
});
