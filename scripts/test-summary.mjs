// The closing lines of `npm test`: counts from the suites' JSON reports, then every failure by name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { root } from './lib.mjs';

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts from both reports; a suite that wrote no report is said to have none. */
export function summary(vitestReportFile, playwrightReportFile) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const missing = [];
  const vitest = readJson(vitestReportFile);
  if (vitest) {
    counts.passed += vitest.numPassedTests ?? 0;
    counts.failed += vitest.numFailedTests ?? 0;
    counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  } else missing.push('unit and API');
  const playwright = readJson(playwrightReportFile);
  if (playwright?.stats) {
    counts.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    counts.failed += playwright.stats.unexpected ?? 0;
    counts.skipped += playwright.stats.skipped ?? 0;
  } else missing.push('browser journeys');
  const tail = missing.length ? ` (no report from: ${missing.join(', ')})` : '';
  const failures = [...failedVitestTests(vitest), ...failedJourneys(playwright)];
  // CI keeps only the end of its log, so each failure is named here, after the suites' own output.
  const named = failures.map((failure) => `\n  ✖ ${failure}`).join('');
  return `Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${tail}${named}`;
}

/** The first line of a failure's message, enough to tell one failure from another. */
function firstLine(message) {
  return stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300);
}

function failedVitestTests(report) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside any test (an import error, a hook) has a message and no failed test.
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
  }
  return failures;
}

function failedJourneys(report) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › [${test.projectName}] ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const describe of suite.suites ?? []) visit(describe, [...titles, describe.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return failures;
}
