import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from './limits.js';
import type { RandomAccessArchive } from './zip-directory.js';
import { visitEntries } from './zip-entries.js';

/** Each file of an archive by its path inside the project, with its size and CRC-32: enough to tell a changed file. */
export type ArchiveFingerprints = Map<string, string>;

/**
 * Reads only the central directory (no file is inflated) under the analysis's limits. A single
 * folder wrapping everything (`MyGame/…`, `MyGame-v2/…`) is left out of the paths, so two zips of
 * one project made from different folder names compare file by file.
 */
export async function archiveFingerprints(
  archive: RandomAccessArchive,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<ArchiveFingerprints> {
  const files: Array<[string, string]> = [];
  await visitEntries(
    archive,
    async (entry) => {
      if (!entry.isDirectory) files.push([entry.path, `${entry.size}:${entry.crc32}`]);
    },
    limits,
  );
  const tops = new Set(files.map(([path]) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '')));
  const [top] = tops;
  const wrapper = tops.size === 1 && top !== '' && top !== undefined ? `${top}/` : '';
  return new Map(files.map(([path, print]) => [path.slice(wrapper.length), print]));
}

export interface FileDifference {
  added: string[];
  removed: string[];
  changed: string[];
  unchanged: number;
}

/** What `after` adds, removes and changes of `before`, each list sorted. */
export function compareFingerprints(before: ArchiveFingerprints, after: ArchiveFingerprints): FileDifference {
  const difference: FileDifference = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const [path, print] of after) {
    const earlier = before.get(path);
    if (earlier === undefined) difference.added.push(path);
    else if (earlier !== print) difference.changed.push(path);
    else difference.unchanged++;
  }
  for (const path of before.keys()) if (!after.has(path)) difference.removed.push(path);
  difference.added.sort();
  difference.removed.sort();
  difference.changed.sort();
  return difference;
}
