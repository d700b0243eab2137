// The analyser on the regression set's real projects, beside GitHub Linguist. Each project of
// apps/server/src/modules/archives/analyser/fixtures/real-projects.json is taken at its recorded
// commit from a git mirror fetched beforehand (one folder per repository, `<owner>+<name>/repo`,
// as the search tool's `fetch` lays them out under /work/.mirror), zipped as a seller would
// (`git archive`, with the project's folder around it), analysed, and its language shares set
// beside those of `github-linguist` (Debian's ruby-github-linguist) on the same tree. Projects
// whose mirror is absent are skipped; blobs a mirror lacks (a snapshot may leave out its largest
// binaries) are left out of both and named. After `npm run build`:
//
//   node bench/real-projects.mjs [MIRRORS_DIR] [--only NAME_PART]
//
// Prints one block per project and exits 1 when a fact, a licence or a top language (within
// LANGUAGE_TOLERANCE points of Linguist's) differs from the fixture's.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  if (found.absent.length > 0) console.log(`    left out, absent from the mirror: ${found.absent.join(', ')}`);
  console.log(
    `    engine ${found.engine ?? '-'} ${found.version ?? ''}; manifests ${
      Object.entries(found.packages)
        .map(([file, count]) => `${file} (${count})`)
        .join(', ') || '-'
    }`,
  );
  console.log(`    ours     ${formatShares(found.ours)}`);
  console.log(`    Linguist ${formatShares(found.linguist)}`);
  console.log(`    licences ${found.spdx.join(', ') || '-'}; warnings ${found.warnings.join(' | ') || '-'}`);
  for (const problem of problems) console.log(`    DIFFERS: ${problem}`);
}
console.log(`\n${measured} projects measured, ${differences} differences.`);
process.exitCode = differences === 0 ? 0 : 1;

/**
 * @typedef {{ name: string, repository: string, commit: string, path?: string, linguistAttributes?: string[], expect: { engine: string, version: string | null, facts: Record<string, string>, packages?: Record<string, number>, spdx: Array<string | null>, warnings?: Array<{ kind: string, path: string }> } }} Project
 * @typedef {{ archiveMb: number, entries: number, seconds: number, engine: string | null, version: string | null, facts: Record<string, string>, packages: Record<string, number>, ours: Record<string, number>, linguist: Record<string, number>, spdx: string[], warnings: string[], refused: string | null, absent: string[] }} Found
 * @param {Project} project
 * @param {string} mirror
 * @returns {Promise<Found>}
 */
async function measure(project, mirror) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'real-project-'));
  try {
    const tree = path.join(dir, 'tree');
    const zip = path.join(dir, 'project.zip');
    const folder = `${path.basename(project.path ?? project.repository)}/`;
    const { source, subtree, absent } = presentTree(mirror, project, dir);
    execFileSync('git', ['--git-dir', source, 'archive', '--format=zip', `--prefix=${folder}`, '-o', zip, subtree]);
    // Linguist reads a repository: the same tree, committed afresh (its .gitattributes included).
    execFileSync('git', ['init', '-q', tree]);
    execFileSync('sh', ['-c', `git --git-dir "${source}" archive "${subtree}" | tar -x -C "${tree}"`]);
    // Where we set a folder apart that Linguist's lists do not name (Assets/TextMesh Pro), the fixture
    // says so as a .gitattributes line, as a seller would mark it for GitHub's language bar.
    if (project.linguistAttributes) appendFileSync(path.join(tree, '.gitattributes'), `\n${project.linguistAttributes.join('\n')}\n`);
    execFileSync('git', ['-C', tree, 'add', '-A', '--force']); // what the commit holds, though its .gitignore names it
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
        archiveMb: Math.round((size / 2 ** 20) * 10) / 10,
        entries: analysis.files.count,
        seconds: Math.round((performance.now() - started) / 10) / 100,
        engine: analysis.engine,
        version: engine?.version ?? null,
        facts: Object.fromEntries((engine?.facts ?? []).map((fact) => [fact.label, fact.value])),
        packages: Object.fromEntries(analysis.manifests.map((manifest) => [manifest.file.slice(folder.length), manifest.packages.length])),
        ours: Object.fromEntries(analysis.languages.map((language) => [language.name, language.percent])),
        linguist: Object.fromEntries(Object.entries(linguist).map(([name, { percentage }]) => [name, Number(percentage)])),
        spdx: analysis.licences.map((licence) => licence.spdx ?? 'unidentified').sort(),
        warnings: analysis.warnings.map((warning) => `${warning.path}: ${warning.kind}`),
        refused: null,
        absent,
      };
    } catch (error) {
      return {
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
        packages: {},
        refused: String(error),
        absent,
      };
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The project's tree, less the blobs the mirror lacks (a snapshot may leave out its largest
 * binaries): rebuilt in a scratch repository that borrows the mirror's objects, so the mirror
 * itself is never written to.
 * @param {string} mirror
 * @param {Project} project
 * @param {string} dir
 * @returns {{ source: string, subtree: string, absent: string[] }}
 */
function presentTree(mirror, project, dir) {
  const subtree = project.path ? `${project.commit}:${project.path}` : project.commit;
  const listing = execFileSync('git', ['--git-dir', mirror, 'ls-tree', '-r', '-z', subtree], { encoding: 'utf8', maxBuffer: 256 << 20 });
  const blobs = listing
    .split('\0')
    .filter((line) => line.split(' ')[1] === 'blob')
    .map((line) => ({ object: line.split(/\s/)[2], path: line.slice(line.indexOf('\t') + 1) }));
  const checked = execFileSync('git', ['--git-dir', mirror, 'cat-file', '--batch-check'], {
    input: blobs.map((blob) => blob.object).join('\n'),
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  }).split('\n');
  const absent = blobs.filter((_, index) => checked[index]?.endsWith(' missing')).map((blob) => blob.path);
  if (absent.length === 0) return { source: mirror, subtree, absent };
  const scratch = path.join(dir, 'scratch.git');
  execFileSync('git', ['init', '-q', '--bare', scratch]);
  writeFileSync(path.join(scratch, 'objects/info/alternates'), `${path.resolve(mirror, 'objects')}\n`);
  const env = { ...process.env, GIT_INDEX_FILE: path.join(dir, 'index') };
  execFileSync('git', ['--git-dir', scratch, 'read-tree', subtree], { env });
  execFileSync('git', ['--git-dir', scratch, 'rm', '-q', '--cached', '--pathspec-from-file=-', '--pathspec-file-nul'], {
    env,
    input: absent.join('\0'),
  });
  const present = execFileSync('git', ['--git-dir', scratch, 'write-tree'], { env, encoding: 'utf8' }).trim();
  return { source: scratch, subtree: present, absent };
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
  for (const [file, count] of Object.entries(expect.packages ?? {}))
    if (found.packages[file] !== count) problems.push(`${file}: ${found.packages[file]} packages, fixture ${count}`);
  if (
    found.spdx.join() !==
    expect.spdx
      .map((spdx) => spdx ?? 'unidentified')
      .sort()
      .join()
  )
    problems.push(`licences ${found.spdx.join()}, fixture ${expect.spdx.join()}`);
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
