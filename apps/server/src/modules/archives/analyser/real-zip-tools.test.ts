import { textMeshProFontAsset, unityProjectFiles } from '@market/sample-archives';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive, ArchiveRefused } from './index.js';

/**
 * Archives made by the zip tools sellers use, of a Unity project with TextMesh Pro's font assets:
 * megabytes of YAML that pack far better than 200×, the old per-entry limit.
 */
const FONTS = 'Assets/TextMesh Pro/Resources/Fonts & Materials';
const SDF_ASSET = `${FONTS}/LiberationSans SDF.asset`;
const EMPTY_ATLAS_ASSET = `${FONTS}/Dynamic SDF.asset`;

const hasTool = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'unity-tmp-'));
  for (const file of unityProjectFiles()) {
    mkdirSync(path.dirname(path.join(project, file.name)), { recursive: true });
    writeFileSync(path.join(project, file.name), file.content);
  }
  mkdirSync(path.join(project, FONTS), { recursive: true });
  writeFileSync(path.join(project, SDF_ASSET), textMeshProFontAsset({ atlasSize: 2048, glyphs: 10 }));
  writeFileSync(path.join(project, EMPTY_ATLAS_ASSET), textMeshProFontAsset({ atlasSize: 4096, glyphs: 0 }));
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

/** Packed and unpacked sizes of each entry, as `unzip -Zl` lists them. */
function sizesListed(zip: string): Map<string, { size: number; packed: number }> {
  const listing = execFileSync('unzip', ['-Zl', zip], { encoding: 'utf8' });
  const sizes = new Map<string, { size: number; packed: number }>();
  for (const line of listing.split('\n')) {
    const match = /^\S+\s+\S+\s+\S+\s+(\d+)\s+\S+\s+(\d+)\s+\S+\s+\S+\s+\S+\s+(.+)$/.exec(line);
    if (match) sizes.set(match[3]!, { size: Number(match[1]), packed: Number(match[2]) });
  }
  return sizes;
}

async function analyseMadeBy(command: string, args: string[]) {
  const zip = path.join(project, '..', `${path.basename(project)}-${command}.zip`);
  rmSync(zip, { force: true });
  execFileSync(command, [...args, zip, '.'], { cwd: project, stdio: 'ignore' });
  try {
    const bytes = readFileSync(zip);
    const ratios = [...sizesListed(zip)].map(([name, { size, packed }]) => [name, size / packed] as const);
    const analysis = await analyseArchive({
      size: bytes.length,
      readRange: async (start, length) => bytes.subarray(start, start + length),
    });
    return { analysis, ratios: new Map(ratios) };
  } finally {
    rmSync(zip, { force: true });
  }
}

describe('archives made by real zip tools of a Unity project with TextMesh Pro', () => {
  it.each([
    ['Info-ZIP', 'zip', ['-qr']],
    ['Info-ZIP at -9', 'zip', ['-qr9']],
  ])('reads the archive %s makes though its font assets pack 200× and more', async (_tool, command, args) => {
    const { analysis, ratios } = await analyseMadeBy(command, args);
    expect(ratios.get(SDF_ASSET)).toBeGreaterThan(200);
    expect(ratios.get(EMPTY_ATLAS_ASSET)).toBeGreaterThan(900);
    expect(analysis.engine).toBe('Unity');
    expect(analysis.files.paths).toContain(SDF_ASSET);
  });

  it.skipIf(!hasTool('7zz'))('reads the archive 7-Zip makes at its best compression', async () => {
    const { analysis, ratios } = await analyseMadeBy('7zz', ['a', '-tzip', '-mx=9', '-bd', '-bso0']);
    expect(ratios.get(SDF_ASSET)).toBeGreaterThan(200);
    expect(analysis.engine).toBe('Unity');
  });

  it('refuses the same project past ARCHIVE_MAX_UNPACKED_MB, naming its largest file and what to do', async () => {
    const zip = path.join(project, '..', `${path.basename(project)}-limit.zip`);
    execFileSync('zip', ['-qr', zip, '.'], { cwd: project, stdio: 'ignore' });
    const bytes = readFileSync(zip);
    rmSync(zip);
    const refusal = await analyseArchive(
      { size: bytes.length, readRange: async (start, length) => bytes.subarray(start, start + length) },
      { limits: { maxEntries: 50_000, maxUnpackedBytes: 20 * 1024 ** 2 } },
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ArchiveRefused);
    expect((refusal as ArchiveRefused).file).toBe(EMPTY_ATLAS_ASSET);
    expect((refusal as Error).message).toBe(
      `The archive unpacks to more than 20 MB, the most analysed; its largest file is ${EMPTY_ATLAS_ASSET} (32 MB). ` +
        'Leave out the folders your tools rebuild (Library/, Temp/, build/, Pods/, node_modules/), keep videos and builds apart, and upload it again.',
    );
  });
});
