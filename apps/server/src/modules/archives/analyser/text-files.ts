/** Text files the detectors read, by path; package caches and build output are left out before they get here. */
export type TextFiles = ReadonlyMap<string, string>;

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The `key: value` lines right under a top-level YAML key (pubspec files are this simple). */
export function yamlSection(text: string, section: string): Map<string, string> {
  const entries = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trimEnd() === `${section}:`);
  if (start === -1) return entries;
  let indent: number | null = null;
  for (const line of lines.slice(start + 1)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const depth = line.length - line.trimStart().length;
    if (depth === 0) break;
    indent ??= depth;
    if (depth !== indent) continue;
    const match = /^\s*([\w.-]+):\s*(.*)$/.exec(line);
    if (match) entries.set(match[1]!, match[2]!.trim());
  }
  return entries;
}

export function unquote(value: string | null): string | null {
  const unquoted = value?.replace(/^['"]|['"]$/g, '').trim();
  return unquoted || null;
}
