import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.mjs';

const contractsEntry = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));
const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
/** What the server answers besides the SPA: the API, uploaded images and files, and the crawler files. */
const serverPaths = Object.fromEntries(['/api', '/files', '/sitemap.xml', '/robots.txt'].map((prefix) => [prefix, apiTarget]));

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@market/contracts', replacement: contractsEntry },
      { find: /^@\//, replacement: srcDir },
    ],
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global functions; its warnings are not ours to fix.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  server: {
    proxy: serverPaths,
  },
  preview: {
    proxy: serverPaths,
  },
  ssr: {
    // The server's render (npm run build's second step) is one file with its packages inside, so
    // the server loads it without resolving the web app's dependencies.
    noExternal: true,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads it to preload a storefront page's own chunks with its HTML (modules/pages).
    manifest: true,
    reportCompressedSize: true,
  },
});
