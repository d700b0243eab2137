import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.mjs';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip twins that decompress to the very bytes of each text asset', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('a marketplace '.repeat(200))});`;
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, 'small.css'), 'a{color:red}');

    expect(precompressDir(dir)).toEqual([path.join('assets', 'index-abc123.js')]);

    const twin = (suffix: string) => readFileSync(path.join(dir, 'assets', `index-abc123.js${suffix}`));
    expect(brotliDecompressSync(twin('.br')).toString()).toBe(script);
    expect(gunzipSync(twin('.gz')).toString()).toBe(script);
    expect(twin('.br').length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dir, 'assets', 'logo-abc123.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'small.css.br'))).toBe(false);
  });
});
