import type { DeclaredLicence, InsideLicence } from '@market/contracts';
import { baseName, type TextFiles } from './text-files.js';

/** Manifests that may declare a licence, by name. */
export const isLicenceManifest = (path: string) => /^(package\.json|pubspec\.yaml|Cargo\.toml)$|\.(podspec|nuspec)$/i.test(baseName(path));

const MAX_DECLARED = 50;
const MAX_DECLARED_CHARACTERS = 120;

/** What each manifest declares and whether the licence files beside it (or at the root) say the same. */
export function declaredLicences(files: TextFiles, licences: readonly InsideLicence[]): DeclaredLicence[] {
  const found: DeclaredLicence[] = [];
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isLicenceManifest(file)) continue;
    const declared = declaredIn(file, text)?.trim().slice(0, MAX_DECLARED_CHARACTERS);
    if (!declared) continue;
    const compared = licenceFilesFor(file, licences);
    const comparedWith = [...new Set(compared.map((licence) => licence.spdx!))];
    const ids = idsOf(declared);
    found.push({
      file,
      declared,
      agrees: comparedWith.length === 0 ? null : comparedWith.some((spdx) => ids.has(familyOf(spdx))),
      comparedWith,
    });
    if (found.length === MAX_DECLARED) break;
  }
  return found;
}

/** The recognised licence files in the manifest's folder, else those at the archive's root. */
function licenceFilesFor(manifest: string, licences: readonly InsideLicence[]): InsideLicence[] {
  const folder = manifest.slice(0, Math.max(manifest.lastIndexOf('/'), 0));
  const recognised = licences.filter((licence) => licence.spdx !== null);
  const inFolder = (dir: string) =>
    recognised.filter((licence) => licence.file.slice(0, Math.max(licence.file.lastIndexOf('/'), 0)) === dir);
  const beside = inFolder(folder);
  return beside.length > 0 ? beside : inFolder('');
}

/** "GPL-3.0" for "GPL-3.0-or-later", "GPL-3.0+" and "gpl-3.0-only": what a licence file's text can tell. */
const familyOf = (spdx: string) => spdx.toLowerCase().replace(/(-only|-or-later|\+)$/, '');

/** The identifiers of an SPDX expression ("(MIT OR Apache-2.0)"), each as its family. */
function idsOf(expression: string): Set<string> {
  const ids = expression.match(/[A-Za-z0-9][A-Za-z0-9.+-]*/g) ?? [];
  return new Set(ids.filter((id) => !/^(and|or|with)$/i.test(id)).map(familyOf));
}

function declaredIn(file: string, text: string): string | null {
  const name = baseName(file);
  if (name === 'package.json') return npmLicence(text);
  if (name === 'pubspec.yaml') return /^license:[ \t]*['"]?([^'"\n#]+)/m.exec(text)?.[1] ?? null;
  if (name === 'Cargo.toml') return cargoLicence(text);
  if (name.endsWith('.podspec')) return podLicence(text);
  if (name.endsWith('.nuspec')) return /<license\b[^>]*>([^<]{1,200})<\/license>/.exec(text)?.[1] ?? null;
  return null;
}

const licenceType = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null && 'type' in value ? String(value.type) : null;

/** `"license": "MIT"`, the old `{ "type": "MIT" }`, or the older `"licenses": [{ "type": … }]`. */
function npmLicence(text: string): string | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof manifest !== 'object' || manifest === null) return null;
  const { license, licenses } = manifest as { license?: unknown; licenses?: unknown };
  if (license !== undefined) return licenceType(license);
  if (Array.isArray(licenses)) return licenses.map(licenceType).filter(Boolean).join(' OR ') || null;
  return null;
}

/** `license = "MIT OR Apache-2.0"` in `[package]` (or a workspace's `[workspace.package]`). */
function cargoLicence(text: string): string | null {
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) section = header[1]!.trim();
    else if (section === 'package' || section === 'workspace.package') {
      const value = /^\s*license\s*=\s*"([^"]+)"/.exec(line)?.[1];
      if (value) return value;
    }
  }
  return null;
}

/** `s.license = 'MIT'` or `s.license = { :type => 'MIT', :file => 'LICENSE' }` (also `type: 'MIT'`). */
function podLicence(text: string): string | null {
  const line = /^[ \t]*\w+\.licen[cs]e[ \t]*=[ \t]*(.+)$/m.exec(text)?.[1];
  if (!line) return null;
  const typed = /:?type['"]?[ \t]*(?:=>|:)[ \t]*['"]([^'"]+)['"]/.exec(line);
  return typed?.[1] ?? /^['"]([^'"]+)['"]/.exec(line.trim())?.[1] ?? null;
}
