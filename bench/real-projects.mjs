// The analyser on the regression set's real projects, beside GitHub Linguist. Each project of
// apps/server/src/modules/archives/analyser/fixtures/real-projects.json is taken at its recorded
// commit from a git mirror fetched beforehand (one folder per repository, `<owner>+<name>/repo`,
// as the search tool's `fetch` lays them out under /work/.mirror), zipped as a seller would
// (`zip -r` of the tree `git archive` gives, with the project's folder around it), analysed, and its language shares set
// beside those of `github-linguist` (Debian's ruby-github-linguist) on the same tree. Projects
// whose mirror is absent are skipped; blobs a mirror lacks (a snapshot may leave out its largest
// binaries) are left out of both and named. After `npm run build`:
//
//   node bench/real-projects.mjs [MIRRORS_DIR] [--only NAME_PART]
//   node bench/real-projects.mjs [MIRRORS_DIR] --repository OWNER/NAME [--path FOLDER]
//
// Prints one block per project and exits 1 when a fact, a licence or a top language (within
// LANGUAGE_TOLERANCE points of Linguist's) differs from the fixture's. With --repository it
// measures that mirror's HEAD alone, a project not yet in the fixture, and compares nothing.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { analyseArchive } from '../apps/server/dist/modules/archives/analyser/index.js';

const here = path.dirname(new URL(import.meta.url).pathname);
const fixture = path.join(here, '../apps/server/src/modules/archives/analyser/fixtures/real-projects.json');
/** How far our share of the top language may stand from Linguist's, in percentage points. */
export const LANGUAGE_TOLERANCE = 3;

const args = process.argv.slice(2);
/** @param {string} name */
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option('--only')?.toLowerCase();
const repository = option('--repository');
const mirrors = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--')) ?? '/work/.mirror';

/** @type {{ projects: Project[] }} */
const { projects } = repository ? { projects: [adHocProject(repository, option('--path'))] } : JSON.parse(readFileSync(fixture, 'utf8'));
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
  const problems = repository ? [] : compare(project, found);
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
  console.log(
    `    facts    ${
      Object.entries(found.facts)
        .map(([label, value]) => `${label} ${value}`)
        .join('; ') || '-'
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
    const folder = path.basename(project.path ?? project.repository);
    const tree = path.join(dir, folder);
    const zip = path.join(dir, 'project.zip');
    const subtree = project.path ? `${project.commit}:${project.path}` : project.commit;
    // A fetched mirror may lack its largest blobs (a PDF, a recording): both sides go without them.
    const absent = absentBlobs(mirror, subtree);
    const pathspecs = ['--', '.', ...absent.map((file) => `:(exclude)${file}`)];
    const tar = path.join(dir, 'tree.tar');
    execFileSync('git', ['--git-dir', mirror, 'archive', '--format=tar', '-o', tar, subtree, ...pathspecs], { stdio: 'ignore' });
    mkdirSync(tree);
    execFileSync('tar', ['-x', '-f', tar, '-C', tree]);
    // Zipped as a seller would, the project's folder around it; `zip -r` stores what a symbolic link
    // points to, as the analyser asks sellers to (docs/decisions/0007).
    execFileSync('zip', ['-r', '-q', zip, folder], { cwd: dir });
    // Linguist reads a repository: the same tree, committed afresh (its .gitattributes included).
    execFileSync('git', ['init', '-q', tree]);
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
        absent,
        archiveMb: Math.round((size / 2 ** 20) * 10) / 10,
        entries: analysis.files.count,
        seconds: Math.round((performance.now() - started) / 10) / 100,
        engine: analysis.engine,
        version: engine?.version ?? null,
        facts: Object.fromEntries((engine?.facts ?? []).map((fact) => [fact.label, fact.value])),
        packages: Object.fromEntries(
          analysis.manifests.map((manifest) => [manifest.file.slice(folder.length + 1), manifest.packages.length]),
        ),
        ours: Object.fromEntries(analysis.languages.map((language) => [language.name, language.percent])),
        linguist: Object.fromEntries(Object.entries(linguist).map(([name, { percentage }]) => [name, Number(percentage)])),
        spdx: analysis.licences.map((licence) => licence.spdx ?? 'unidentified').sort(),
        warnings: analysis.warnings.map((warning) => `${warning.path}: ${warning.kind}`),
        refused: null,
      };
    } catch (error) {
      return {
        absent,
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
      };
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A repository measured at its mirror's HEAD, with nothing expected of it.
 * @param {string} name
 * @param {string | undefined} folder
 * @returns {Project}
 */
function adHocProject(name, folder) {
  const mirror = path.join(mirrors, name.replace('/', '+'), 'repo');
  const commit = execFileSync('git', ['--git-dir', mirror, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  return { name, repository: name, commit, path: folder, expect: { engine: '', version: null, facts: {}, spdx: [] } };
}

/**
 * The files of the tree whose blobs the mirror does not hold, relative to the tree.
 * @param {string} mirror
 * @param {string} tree
 * @returns {string[]}
 */
function absentBlobs(mirror, tree) {
  const listing = execFileSync('git', ['--git-dir', mirror, 'ls-tree', '-r', '-z', tree], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const blobs = listing.split('\0').flatMap((line) => {
    const [, oid, file] = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(line) ?? [];
    return oid && file ? [{ oid, file }] : [];
  });
  const checked = execFileSync('git', ['--git-dir', mirror, 'cat-file', '--batch-check'], {
    input: blobs.map((blob) => blob.oid).join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  }).split('\n');
  return blobs.filter((_blob, index) => checked[index]?.endsWith(' missing')).map((blob) => blob.file);
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
    .slice(0, 6);
  return top.map(([name, share]) => `${name} ${share}%`).join(', ') || '-';
}
