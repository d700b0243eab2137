import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { compileString } from 'sass';
import { describe, expect, it } from 'vitest';

/** The web app's source; its Sass entry is styles/bootstrap.scss. */
const srcDir = fileURLToPath(new URL('../apps/web/src', import.meta.url));
const nodeModules = fileURLToPath(new URL('../node_modules', import.meta.url));

function compile(scss: string): string {
  return compileString(scss, {
    loadPaths: [nodeModules, path.join(srcDir, 'styles')],
    style: 'compressed',
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
  }).css;
}

/** The class selectors of a stylesheet; comments and url()s hold dots that are not selectors. */
const classesOf = (css: string) =>
  new Set([...css.replace(/\/\*[\s\S]*?\*\/|url\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z]+[\w-]*)/g)].map((match) => match[1]!));

/** Words of the source's string literals that are Bootstrap class names but name something else. */
const NOT_CLASSES = new Set([
  'carousel', // aria-roledescription
  'placeholder', // an input's attribute
  'visible', // a state in prose
]);

/**
 * Every word inside a string of the web app's code: class names are written out whole there, never
 * built from parts, so this is every class it can set.
 */
function wordsOfStrings(): Set<string> {
  const words = new Set<string>();
  const addWordsOf = (code: string) => {
    for (const text of code.match(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g) ?? []) {
      for (const word of text.match(/[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g) ?? []) words.add(word);
    }
  };
  const components = new Set<string>();
  for (const entry of readdirSync(srcDir, { recursive: true })) {
    const file = String(entry);
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const code = readFileSync(path.join(srcDir, file), 'utf8');
    addWordsOf(code);
    for (const [, component] of code.matchAll(/'react-bootstrap\/(\w+)'/g)) components.add(component!);
  }
  // react-bootstrap's components (Modal and its ModalDialog, ModalHeader…) set classes of their own.
  const library = path.join(nodeModules, 'react-bootstrap', 'esm');
  for (const file of readdirSync(library)) {
    if (file.endsWith('.js') && [...components].some((component) => file.startsWith(component)))
      addWordsOf(readFileSync(path.join(library, file), 'utf8'));
  }
  return words;
}

describe('the Bootstrap subset', () => {
  const subset = compile(readFileSync(path.join(srcDir, 'styles', 'bootstrap.scss'), 'utf8'));

  it('styles every Bootstrap class the web app names', () => {
    const bootstrapClasses = classesOf(compile("@import 'bootstrap/scss/bootstrap';"));
    const ours = classesOf(subset);

    const missing = [...wordsOfStrings()].filter((word) => bootstrapClasses.has(word) && !ours.has(word) && !NOT_CLASSES.has(word));

    expect(missing).toEqual([]);
  });

  it('keeps the stylesheet the first paint waits on within 30 KB compressed', () => {
    const firstPaint = subset + readFileSync(path.join(srcDir, 'styles.css'), 'utf8');

    expect(gzipSync(firstPaint, { level: 9 }).length).toBeLessThanOrEqual(30 * 1024);
  });
});
