// Writes a brotli (.br) and a gzip (.gz) twin beside every compressible file of the built web app,
// at the highest levels: paid once per build, so the server sends assets compressed at no cost
// (@fastify/static's preCompressed picks the twin the browser accepts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files gain less than the headers cost; the server sends them as they are. */
const MIN_BYTES = 1024;

/**
 * @param {string} dir the build's output folder
 * @returns {string[]} the files given twins, relative to dir
 */
export function precompressDir(dir) {
  /** @type {string[]} */
  const done = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: false })) {
    const name = String(entry);
    const file = path.join(dir, name);
    // Dot folders (Vite's .vite/manifest.json) are for the server, never sent.
    if (!COMPRESSIBLE.test(name) || name.startsWith('.') || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    done.push(name);
  }
  return done;
}

/** The Vite plugin: runs once the bundle is written. */
export function precompress() {
  /** @type {string} */
  let outDir = 'dist';
  /** The server's render (build --ssr) is read from disk by the server, never sent. */
  let serverBuild = false;
  return {
    name: 'market:precompress',
    apply: /** @type {const} */ ('build'),
    /** @param {{ build: { outDir: string, ssr: unknown }, root: string }} config */
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!serverBuild) precompressDir(outDir);
    },
  };
}
