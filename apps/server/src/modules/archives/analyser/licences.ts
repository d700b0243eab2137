import type { InsideLicence } from '@market/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { baseName } from './text-files.js';

/** LICENSE, LICENCE.md, COPYING, NOTICE.txt … but not Unity's `LICENSE.md.meta` twin of one. */
export const isLicenceFile = (path: string) => /^(licen[cs]e|copying|notice)([.\-_].*)?$/i.test(baseName(path)) && !/\.meta$/i.test(path);

/**
 * A text matches a licence of the SPDX list when its word pairs agree this much (Sørensen–Dice over
 * normalised word bigrams, as licensee does): a renamed holder or project in a BSD or MIT text
 * still clears it, the GPL's and the Affero GPL's texts (0.90 apart) do not meet each other.
 */
export const MATCH_THRESHOLD = 0.93;
/** Longer files are compared whole all the same; this bounds the work a 1 MB "licence" costs. */
const MAX_WORDS = 20_000;

interface KnownLicence {
  /** The SPDX identifier shown: the shortest of those whose texts are the same ("GPL-3.0" for -only and -or-later). */
  spdx: string;
  name: string;
  /** Distinct hashed word bigrams, sorted. */
  bigrams: Uint32Array;
  /** What a short text must say to be this licence: a few changed words still leave it near enough. */
  names?: RegExp;
}

/**
 * Strong copyleft: the whole work built on it must be released under it (GPL, AGPL and kin);
 * weak: only changes to the licensed files themselves (LGPL, MPL, EPL, CDDL…).
 */
const STRONG_COPYLEFT = /^(A?GPL|EUPL|OSL|CECILL-[12]|SSPL|RPL|Sleepycat|QPL|CPAL|Watcom)\b/i;
const WEAK_COPYLEFT = /^(LGPL|MPL|EPL|CDDL|CPL|MS-RL|CECILL-C|OpenPL|IPL|SPL|APSL-2|NPL|Artistic-1)\b/i;

export function copyleftOf(spdx: string | null): InsideLicence['copyleft'] {
  if (!spdx) return null;
  const id = spdx.replace(/^GPL-\d.*-with-.*exception$/i, 'LGPL'); // GPL with a linking exception binds like the LGPL
  if (WEAK_COPYLEFT.test(id)) return 'weak';
  if (STRONG_COPYLEFT.test(id)) return 'strong';
  return null;
}

/**
 * The text a licence is compared by: lower case, copyright lines, placeholders and addresses
 * gone, British spellings and punctuation as the SPDX texts have them.
 */
function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[\s#*/>-]*(copyright\b|\(c\)|©).*$/gm, ' ')
    .replace(/<[^>\n]{0,80}>/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\blicen[cs]/g, 'licens')
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, 's');
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Word pairs of the text being hashed: at most MAX_WORDS - 1 of them, in one buffer reused by every text. */
const pairs = new Uint32Array(MAX_WORDS);

const isWordCharacter = (code: number) => (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);

/**
 * The distinct word pairs of a text (words: runs of a-z and 0-9), each hashed to 32 bits, sorted.
 * Each word is hashed (FNV-1a) as its characters are met and a pair is the two hashes mixed
 * (MurmurHash3's finaliser constants), all in typed arrays: the SPDX list is about 700 texts and
 * 400,000 pairs, hashed on the first licence file of every process, so no word string, regular
 * expression match or boxed set entry is made per word.
 */
function bigramsOf(text: string): Uint32Array {
  const source = normalised(text);
  let count = 0;
  let previous = -1;
  let words = 0;
  let hash = FNV_OFFSET;
  let inWord = false;
  for (let index = 0; index <= source.length && words < MAX_WORDS; index++) {
    const code = index < source.length ? source.charCodeAt(index) : 0;
    if (isWordCharacter(code)) {
      if (!inWord) hash = FNV_OFFSET;
      inWord = true;
      hash = Math.imul(hash ^ code, FNV_PRIME);
      continue;
    }
    if (!inWord) continue;
    inWord = false;
    const current = hash >>> 0;
    if (previous !== -1) pairs[count++] = (Math.imul(previous ^ (current >>> 15), 0x85ebca6b) ^ Math.imul(current, 0xc2b2ae35)) >>> 0;
    previous = current;
    words++;
  }
  const sorted = pairs.slice(0, count).sort();
  let distinct = 0;
  for (let index = 0; index < sorted.length; index++)
    if (index === 0 || sorted[index] !== sorted[distinct - 1]) sorted[distinct++] = sorted[index]!;
  return sorted.slice(0, distinct);
}

/** How many values two sorted arrays of distinct values share, walked side by side. */
function sharedCount(a: Uint32Array, b: Uint32Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      shared++;
      i++;
      j++;
    }
  }
  return shared;
}

/** Two texts with the same word pairs are the same licence text (GPL-3.0-only and -or-later). */
function sameTextKey(bigrams: Uint32Array): string {
  let hash = FNV_OFFSET;
  for (const value of bigrams) hash = Math.imul(hash ^ value, FNV_PRIME);
  return `${bigrams.length}:${hash >>> 0}`;
}

let known: KnownLicence[] | null = null;

/**
 * The SPDX licence list's texts (the `spdx-license-list` package), hashed once per process on the
 * first licence file: about 700 licences, 2 MB of typed arrays kept. Each licence is read from its
 * own file and let go: parsing the 5 MB list at once grew the heap by 30 MB that stayed reserved.
 */
function knownLicences(): KnownLicence[] {
  if (known) return known;
  const require = createRequire(import.meta.url);
  const list = require.resolve('spdx-license-list/spdx-simple.json');
  const spdxIds = JSON.parse(readFileSync(list, 'utf8')) as string[];
  const byText = new Map<string, { ids: string[]; name: string; bigrams: Uint32Array; names?: RegExp }>();
  for (const spdx of spdxIds) {
    const { name, licenseText } = JSON.parse(readFileSync(join(dirname(list), 'licenses', `${spdx}.json`), 'utf8')) as {
      name: string;
      licenseText: string;
    };
    for (const { text, names } of variantsOf(licenseText)) {
      const bigrams = bigramsOf(text);
      if (bigrams.length < 10) continue;
      const key = sameTextKey(bigrams);
      const same = byText.get(key);
      if (same) same.ids.push(spdx);
      else byText.set(key, { ids: [spdx], name, bigrams, names });
    }
  }
  known = [...byText.values()].map(({ ids, name, bigrams, names }) => {
    const [spdx] = ids.sort((a, b) => a.length - b.length || a.localeCompare(b));
    return { spdx: spdx!, name: name.replace(/ (only|or later)$/, ''), bigrams, ...(names ? { names } : {}) };
  });
  return known;
}

/**
 * The SPDX text of the LGPL-3.0 carries the GPL-3.0 it builds on after its own terms; projects ship
 * the two apart (COPYING.LESSER and COPYING), so its own terms alone are a text of it too. The
 * Apache-2.0 ends with the notice it asks each work to carry ("Licensed under the Apache License,
 * Version 2.0 …"), and many ship that notice alone as their licence file: it is a text of it too.
 */
function variantsOf(text: string): Array<{ text: string; names?: RegExp }> {
  const variants: Array<{ text: string; names?: RegExp }> = [{ text }];
  const embedded = text.search(/\nGNU GENERAL PUBLIC LICENSE\s*\nVersion 3/);
  if (embedded > 0) variants.push({ text: text.slice(0, embedded) });
  const appendix = text.search(/APPENDIX: How to apply the Apache License/i);
  const notice = appendix > 0 ? APACHE_NOTICE.exec(text.slice(appendix)) : null;
  if (notice) variants.push({ text: notice[0], names: /\bApache License,?\s+Version 2\.0\b/i });
  return variants;
}

const APACHE_NOTICE = /Licensed under the Apache License, Version 2\.0[\s\S]*?limitations under the License\./;

export interface LicenceMatch {
  spdx: string;
  name: string;
  /** Sørensen–Dice coefficient, 0 to 1. */
  dice: number;
}

/**
 * Licences people choose (choosealicense.com's and the most used in package registries): when one
 * of them is within PREFERRED_MARGIN of a rarer near-copy of it (the Pixar licence is Apache-2.0
 * with a change; Apache-2.0 without its appendix matches both), the common one is meant.
 */
const COMMON_LICENCES = new Set([
  '0BSD',
  'AFL-3.0',
  'AGPL-3.0',
  'Apache-2.0',
  'Artistic-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BSD-3-Clause-Clear',
  'BSD-4-Clause',
  'BSL-1.0',
  'CC-BY-4.0',
  'CC-BY-SA-4.0',
  'CC0-1.0',
  'ECL-2.0',
  'EPL-1.0',
  'EPL-2.0',
  'EUPL-1.1',
  'EUPL-1.2',
  'GPL-2.0',
  'GPL-3.0',
  'ISC',
  'LGPL-2.1',
  'LGPL-3.0',
  'LPPL-1.3c',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  'MS-PL',
  'MS-RL',
  'MulanPSL-2.0',
  'NCSA',
  'ODbL-1.0',
  'OFL-1.1',
  'OSL-3.0',
  'PostgreSQL',
  'Unlicense',
  'UPL-1.0',
  'Vim',
  'WTFPL',
  'Zlib',
]);
const PREFERRED_MARGIN = 0.04;

/** The SPDX licences whose texts are nearest to this one, nearest first, how near each is. */
export function nearestLicences(text: string, count = 3): LicenceMatch[] {
  const bigrams = bigramsOf(text);
  if (bigrams.length === 0) return [];
  const best: LicenceMatch[] = [];
  for (const licence of knownLicences()) {
    if (licence.names && !licence.names.test(text)) continue;
    const total = bigrams.length + licence.bigrams.length;
    // Even if every pair of the shorter text were in the longer, it could not make the list.
    if (best.length === count && (2 * Math.min(bigrams.length, licence.bigrams.length)) / total <= best.at(-1)!.dice) continue;
    const dice = (2 * sharedCount(bigrams, licence.bigrams)) / total;
    if (best.length < count || dice > best.at(-1)!.dice) {
      best.push({ spdx: licence.spdx, name: licence.name, dice });
      best.sort((a, b) => b.dice - a.dice);
      if (best.length > count) best.pop();
    }
  }
  return best;
}

/** The licence meant: the nearest, or a common one nearly as near. */
function meantLicence(text: string): LicenceMatch | null {
  const ranked = nearestLicences(text, 5);
  const [nearest] = ranked;
  if (!nearest || COMMON_LICENCES.has(nearest.spdx)) return nearest ?? null;
  return ranked.find((match) => COMMON_LICENCES.has(match.spdx) && nearest.dice - match.dice <= PREFERRED_MARGIN) ?? nearest;
}

export function identifyLicence(file: string, text: string): InsideLicence {
  const match = meantLicence(text);
  const confidence = match ? Math.floor(match.dice * 100) : 0;
  const spdx = match && match.dice >= MATCH_THRESHOLD ? match.spdx : null;
  return { file, spdx, name: spdx ? match!.name : null, confidence, copyleft: copyleftOf(spdx) };
}
