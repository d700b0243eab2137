// The analyser on the regression set's real projects, beside GitHub Linguist. Each project of
// apps/server/src/modules/archives/analyser/fixtures/real-projects.json is taken at its recorded
// commit from a git mirror fetched beforehand (one folder per repository, `<owner>+<name>/repo`,
// as the search tool's `fetch` lays them out under /work/.mirror), zipped as a seller would
// (`git archive`, with the project's folder around it), analysed, and its language shares set
// beside those of `github-linguist` (Debian's ruby-github-linguist) on the same tree. Projects
// whose mirror is absent are skipped. After `npm run build`:
//
//   node bench/real-projects.mjs [MIRRORS_DIR] [--only NAME_PART]
//
// Prints one block per project and exits 1 when a fact, a licence or a top language (within
// LANGUAGE_TOLERANCE points of Linguist's) differs from the fixture's.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { analyseArchive } from '../apps/server/dist/modules/archives/analyser/index.js';

const here = path.dirname(new URL(import.meta.url).pathname);
const fixture = path.join(here, '../apps/server/src/modules/archives/analyser/fixtures/real-projects.json');
/** How far our share of the top language may stand from Linguist's, in percentage points. */
export const LANGUAGE_TOLERANCE = 3;

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]?.toLowerCase() : undefined;
const mirrors = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--only') ?? '/work/.mirror';

/** @type {{ projects: Project[] }} */
const { projects } = JSON.parse(readFileSync(fixture, 'utf8'));
let differences = 0;
let measured = 0;
for (const project of projects) {
  if (only && !project.name.toLowerCase().includes(only)) continue;
  const mirror = path.join(mirrors, project.repository.replace('/', '+'), 'repo');
  if (!existsSync(mirror)) {
    console.log(`- ${project.name}: skipped, no mirror at ${mirror}`);
    continue;
  }
  measured++;
  const found = await measure(project, mirror);
  const problems = compare(project, found);
  differences += problems.length;
  console.log(`- ${project.name} (${project.repository}@${project.commit.slice(0, 7)}${project.path ? ` ${project.path}` : ''})`);
  console.log(`    archive ${found.archiveMb} MB, ${found.entries} entries, analysed in ${found.seconds} s`);
  if (found.missing.length > 0)
    console.log(`    left out: ${found.missing.length} binary files absent from the mirror (${found.missing.slice(0, 3).join(', ')}…)`);
  console.log(`    engine ${found.engine ?? '-'} ${found.version ?? ''}`);
  console.log(`    ours     ${formatShares(found.ours)}`);
  console.log(`    Linguist ${formatShares(found.linguist)}`);
  console.log(`    licences ${found.spdx.join(', ') || '-'}; warnings ${found.warnings.join(' | ') || '-'}`);
  for (const problem of problems) console.log(`    DIFFERS: ${problem}`);
}
console.log(`\n${measured} projects measured, ${differences} differences.`);
process.exitCode = differences === 0 ? 0 : 1;

/**
 * @typedef {{ name: string, repository: string, commit: string, path?: string, expect: { engine: string, version: string | null, facts: Record<string, string>, spdx: string[], warnings?: Array<{ kind: string, path: string }> } }} Project
 * @typedef {{ missing: string[], archiveMb: number, entries: number, seconds: number, engine: string | null, version: string | null, facts: Record<string, string>, ours: Record<string, number>, linguist: Record<string, number>, spdx: string[], warnings: string[], refused: string | null }} Found
 * @param {Project} project
 * @param {string} mirror
 * @returns {Promise<Found>}
 */
async function measure(project, mirror) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'real-project-'));
  try {
    const tree = path.join(dir, 'tree');
    const zip = path.join(dir, 'project.zip');
    const subtree = project.path ? `${project.commit}:${project.path}` : project.commit;
    const folder = `${path.basename(project.path ?? project.repository)}/`;
    const { treeId, missing, env } = presentTree(mirror, subtree, dir);
    execFileSync('git', ['--git-dir', mirror, 'archive', '--format=zip', `--prefix=${folder}`, '-o', zip, treeId], { env });
    // Linguist reads a repository: the same tree, committed afresh (its .gitattributes included).
    execFileSync('git', ['init', '-q', tree]);
    execFileSync('sh', ['-c', `git --git-dir "${mirror}" archive "${treeId}" | tar -x -C "${tree}"`], { env });
    execFileSync('git', ['-C', tree, 'add', '-A']);
    execFileSync('git', ['-C', tree, '-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '-q', '-m', 'tree']);
    const linguist = JSON.parse(execFileSync('github-linguist', ['--json', tree], { encoding: 'utf8', maxBuffer: 64 << 20 }));

    const { size } = statSync(zip);
    const handle = await open(zip, 'r');
    const started = performance.now();
    try {
      const analysis = await analyseArchive({
        size,
        readRange: async (start, length) => {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, start);
          return buffer.subarray(0, bytesRead);
        },
      });
      const [engine] = analysis.engines;
      return {
        missing,
        archiveMb: Math.round((size / 2 ** 20) * 10) / 10,
        entries: analysis.files.count,
        seconds: Math.round((performance.now() - started) / 10) / 100,
        engine: analysis.engine,
        version: engine?.version ?? null,
        facts: Object.fromEntries((engine?.facts ?? []).map((fact) => [fact.label, fact.value])),
        ours: Object.fromEntries(analysis.languages.map((language) => [language.name, language.percent])),
        linguist: Object.fromEntries(Object.entries(linguist).map(([name, { percentage }]) => [name, Number(percentage)])),
        spdx: analysis.licences.map((licence) => licence.spdx ?? 'unidentified').sort(),
        warnings: analysis.warnings.map((warning) => `${warning.path}: ${warning.kind}`),
        refused: null,
      };
    } catch (error) {
      return {
        missing,
        archiveMb: 0,
        entries: 0,
        seconds: 0,
        engine: null,
        version: null,
        ours: {},
        linguist: {},
        spdx: [],
        warnings: [],
        facts: {},
        refused: String(error),
      };
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The tree at the commit without the blobs the mirror lacks: a fetched snapshot may list its
 * largest files (models, sounds, prebuilt frameworks) without holding them. Those are binary, so
 * leaving them out moves no language share; the count is printed beside the archive's size.
 * The new tree is written to the work folder's own object store, the mirror left untouched.
 * @param {string} mirror @param {string} treeIsh @param {string} workDir
 * @returns {{ treeId: string, missing: string[], env: NodeJS.ProcessEnv }}
 */
function presentTree(mirror, treeIsh, workDir) {
  const objects = path.join(workDir, 'objects');
  mkdirSync(objects);
  const env = { ...process.env, GIT_OBJECT_DIRECTORY: objects, GIT_ALTERNATE_OBJECT_DIRECTORIES: path.join(mirror, 'objects') };
  const git = (/** @type {string[]} */ gitArgs, input = '') =>
    execFileSync('git', ['--git-dir', mirror, ...gitArgs], {
      encoding: 'utf8',
      input,
      maxBuffer: 256 << 20,
      env: { ...env, GIT_INDEX_FILE: path.join(workDir, 'index') },
    });
  const entries = git(['ls-tree', '-r', '-z', treeIsh])
    .split('\0')
    .filter(Boolean)
    .map((line) => ({ id: line.split(/\s/)[2] ?? '', type: line.split(/\s/)[1], path: line.slice(line.indexOf('\t') + 1) }));
  const blobs = entries.filter((entry) => entry.type === 'blob');
  const checked = git(['cat-file', '--batch-check=%(objectname)'], blobs.map((entry) => entry.id).join('\n') + '\n').split('\n');
  const missing = blobs.filter((_, index) => checked[index]?.endsWith(' missing')).map((entry) => entry.path);
  if (missing.length === 0) return { treeId: treeIsh, missing, env };
  git(['read-tree', treeIsh]);
  git(['update-index', '--force-remove', '-z', '--stdin'], missing.join('\0') + '\0');
  return { treeId: git(['write-tree']).trim(), missing, env };
}

/** @param {Project} project @param {Found} found */
function compare(project, found) {
  if (found.refused) return [`refused: ${found.refused}`];
  const problems = [];
  const { expect } = project;
  if (found.engine !== expect.engine) problems.push(`engine ${found.engine}, fixture ${expect.engine}`);
  if (found.version !== expect.version) problems.push(`version ${found.version}, fixture ${expect.version}`);
  for (const [label, value] of Object.entries(expect.facts))
    if (found.facts[label] !== value) problems.push(`${label}: ${found.facts[label]}, fixture ${value}`);
  if (found.spdx.join() !== [...expect.spdx].sort().join()) problems.push(`licences ${found.spdx.join()}, fixture ${expect.spdx.join()}`);
  // Warnings the fixture names are true of the project (a real key it ships); any other is a false alarm.
  const expectedWarnings = (expect.warnings ?? []).map((warning) => `${warning.path}: ${warning.kind}`).sort();
  const warnings = found.warnings.map((warning) => warning.slice(warning.indexOf('/') + 1)).sort();
  if (warnings.join('|') !== expectedWarnings.join('|'))
    problems.push(`warnings ${warnings.join(' | ') || '-'}, fixture ${expectedWarnings.join(' | ') || '-'}`);
  const [top, share] = Object.entries(found.linguist).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (top !== undefined && share !== undefined && Math.abs((found.ours[top] ?? 0) - share) > LANGUAGE_TOLERANCE)
    problems.push(`${top}: ${found.ours[top] ?? 0}% here, ${share}% by Linguist`);
  return problems;
}

/** @param {Record<string, number>} shares */
function formatShares(shares) {
  const top = Object.entries(shares)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return top.map(([name, share]) => `${name} ${share}%`).join(', ') || '-';
}
