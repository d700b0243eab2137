// The app's OpenAPI document, built in this process (apps/server/src/openapi-document.ts), written to a file
// and, with `lint`, checked against Redocly's rules as configured in redocly.yaml.
//   node scripts/openapi.mjs [--out <file>]   writes it (apps/server/dist/openapi.json by default)
//   node scripts/openapi.mjs lint             writes it, then lints it: part of `npm run lint`
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, run } from './lib.mjs';

export const DEFAULT_OUT = path.join(root, 'apps/server/dist/openapi.json');

/** The document from the compiled server, built first (incremental: a second or two when nothing changed). */
export async function openApiDocument() {
  await run('npx', ['tsc', '-b', 'apps/server']);
  const { buildOpenApiDocument } = await import(pathToFileURL(path.join(root, 'apps/server/dist/openapi-document.js')).href);
  return buildOpenApiDocument();
}

export async function writeOpenApiDocument(out = DEFAULT_OUT) {
  const document = await openApiDocument();
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
  return out;
}

/** Redocly's `recommended` rules with redocly.yaml's settings; fails on an error, as `redocly lint` does. */
async function lint(file) {
  const { formatProblems, getTotals, lint: lintFile, loadConfig } = await import('@redocly/openapi-core');
  const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  const problems = await lintFile({ ref: file, config });
  const totals = getTotals(problems);
  // Errors in full, with their place in the document; warnings one line each.
  const shown = problems.filter((problem) => !problem.ignored);
  const errors = shown.filter((problem) => problem.severity === 'error');
  const warnings = shown.filter((problem) => problem.severity !== 'error');
  if (errors.length > 0) formatProblems(errors, { totals, format: 'codeframe', cwd: root, command: 'lint' });
  if (warnings.length > 0) formatProblems(warnings, { totals, format: 'stylish', cwd: root, command: 'lint' });
  console.log(
    `OpenAPI document (Redocly recommended): ${totals.errors} errors, ${totals.warnings} warnings, ${totals.ignored} ignored (.redocly.lint-ignore.yaml).`,
  );
  return totals.errors === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt === -1 ? DEFAULT_OUT : path.resolve(args[outAt + 1] ?? '');
  const file = await writeOpenApiDocument(out);
  if (args[0] === 'lint') process.exitCode = (await lint(file)) ? 0 : 1;
  else console.log(`Wrote ${path.relative(root, file)}`);
}
