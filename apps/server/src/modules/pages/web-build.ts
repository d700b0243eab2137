import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreenRenderer } from '@market/contracts';

/** One entry of Vite's build manifest (`build.manifest`), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface BuiltWebApp {
  indexHtml: string;
  /** The web app's server build (`dist-ssr` beside `dist`), or null when only the browser's is there. */
  renderer: FirstScreenRenderer | null;
  /**
   * The stylesheets a page drawn on the server needs for its first paint, beyond those index.html
   * links: the app's own and those of the page's module (`source`). Its code loads after that paint.
   */
  stylesOf(source: string): string[];
}

/**
 * The built web app as the pages are made from it, read from its files (currentWebBuild reads them
 * again after a rebuild, without a restart). Null when the app is not built.
 */
export async function readWebBuild(webDistDir: string): Promise<BuiltWebApp | null> {
  let indexHtml: string;
  try {
    indexHtml = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
  const manifest = await readFile(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8').then(
    (text) => JSON.parse(text) as Manifest,
    () => ({}) as Manifest,
  );
  // A server build that fails to load leaves the pages to the browser, as before it was built.
  const renderer = await loadRenderer(path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js')).catch(() => null);
  return { indexHtml, renderer, stylesOf: (source) => stylesOf(manifest, source, indexHtml) };
}

/** How often the files of the built web app are looked at again for a rebuild. */
const WEB_BUILD_CHECK_MS = 1_000;

const currentBuilds = new Map<string, { checkedAt: number; stamp: string; build: Promise<BuiltWebApp | null> }>();

/** When each file a page is made from was last written (absent: -1): a rebuild changes it. */
async function stampOf(webDistDir: string): Promise<string> {
  const files = [
    path.join(webDistDir, 'index.html'),
    path.join(webDistDir, '.vite', 'manifest.json'),
    path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js'),
  ];
  const times = await Promise.all(
    files.map((file) =>
      stat(file).then(
        (info) => info.mtimeMs,
        () => -1,
      ),
    ),
  );
  return times.join(':');
}

/**
 * The built web app as readWebBuild reads it, read again only when its files changed (looked at once a
 * second at most): the same object while the build stays, so pages kept from it can tell a rebuild.
 */
export async function currentWebBuild(webDistDir: string): Promise<BuiltWebApp | null> {
  const kept = currentBuilds.get(webDistDir);
  const now = Date.now();
  if (kept && now - kept.checkedAt < WEB_BUILD_CHECK_MS) return kept.build;
  const stamp = await stampOf(webDistDir);
  const again = currentBuilds.get(webDistDir);
  if (again && again.stamp === stamp) {
    again.checkedAt = now;
    return again.build;
  }
  const build = readWebBuild(webDistDir);
  currentBuilds.set(webDistDir, { checkedAt: now, stamp, build });
  return build;
}

/**
 * index.html for a path the built web app has no page at (its own "not found" page says so), to be
 * answered 404; null when it has one, or when only the browser's build is there to tell.
 */
export async function missingPageHtml(webDistDir: string, pathname: string): Promise<string | null> {
  const build = await currentWebBuild(webDistDir);
  if (!build?.renderer || build.renderer.hasPage(pathname)) return null;
  return build.indexHtml;
}

const renderers = new Map<string, Promise<FirstScreenRenderer>>();

/** Imported once per build: the file's modification time is part of the module's URL. */
async function loadRenderer(file: string): Promise<FirstScreenRenderer | null> {
  const modified = await stat(file).then(
    (info) => info.mtimeMs,
    () => null,
  );
  if (modified === null) return null;
  const url = `${pathToFileURL(file).href}?built=${modified}`;
  let loading = renderers.get(url);
  if (!loading) {
    loading = import(url).then((module: { renderer: FirstScreenRenderer }) => module.renderer);
    renderers.set(url, loading);
  }
  return loading;
}

function stylesOf(manifest: Manifest, source: string, indexHtml: string): string[] {
  const styles = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // The entry only starts the app (apps/web/src/boot.ts): the app is the module it imports when it runs.
  for (const entry of Object.values(manifest)) if (entry.isEntry) for (const app of entry.dynamicImports ?? []) visit(app);
  visit(source);
  return [...styles].filter((url) => !indexHtml.includes(`"${url}"`));
}
