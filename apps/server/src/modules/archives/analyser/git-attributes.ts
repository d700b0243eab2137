import { baseName } from './text-files.js';

/**
 * A project's `.gitattributes`, read as GitHub Linguist reads it: the `linguist-*` attributes
 * that move a path in or out of the language shares, and `binary` / `-diff`, which make Git (and
 * so Linguist) treat a file as binary. Each attribute of a path is decided by the last line that
 * names it, a deeper `.gitattributes` overriding a shallower one, with Git's pattern rules.
 */
export interface LinguistAttributes {
  /** `linguist-vendored`, `-linguist-vendored`, `linguist-vendored=false`; undefined when no line says. */
  vendored?: boolean;
  generated?: boolean;
  documentation?: boolean;
  /** `linguist-detectable`: counted (or not) whatever its language's type. */
  detectable?: boolean;
  /** `linguist-language=Lua`: the name or alias of the language the path is counted in. */
  language?: string;
  /** `binary`, or `-diff`: Git diffs it as binary, and Linguist leaves it out. */
  binary?: boolean;
  /** For a vendored path, the folder its pattern names (`third_party` for `third_party/**`), or the path itself. */
  vendoredRoot?: string;
}

export interface GitAttributes {
  of(path: string): LinguistAttributes;
}

export const isGitAttributesFile = (path: string) => baseName(path) === '.gitattributes';

/** At most this many lines of one file are read: real ones run to a few hundred. */
const MAX_LINES = 5_000;
/**
 * At most this many rules naming a Linguist attribute are kept over all files, and of them this
 * many with wildcards (real projects have a few dozen; long lists name generated files one by one,
 * which cost a string comparison): each of up to 50,000 paths is tested against them.
 */
const MAX_RULES = 2_000;
const MAX_WILDCARD_RULES = 100;
/** A pattern with more wildcards than this is left out: each `*` multiplies the backtracking over a long name. */
const MAX_WILDCARDS = 8;

type Value = boolean | string;

interface Rule {
  /** The folder of the `.gitattributes` file, with its trailing slash ('' at the root). */
  base: string;
  matches: (relative: string) => boolean;
  /** The folder a `dir/**` pattern names, relative to the base; null for other patterns. */
  folder: string | null;
  /** What a pattern with no wildcards writes out: a path from the base (anchored) or a name at any depth; null for the others. */
  literal: { text: string; anchored: boolean } | null;
  attributes: ReadonlyMap<string, Value | null>;
}

const TRACKED = new Set([
  'linguist-vendored',
  'linguist-generated',
  'linguist-documentation',
  'linguist-detectable',
  'linguist-language',
  'diff',
]);

/** Every `.gitattributes` of the archive by its path, with its text. */
export function gitAttributes(files: ReadonlyMap<string, string>): GitAttributes {
  // Shallower files first: the last matching rule wins, as a deeper file overrides a shallower one.
  const ordered = [...files].sort(([a], [b]) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  // Macros (`[attr]unity-json linguist-language=json`) are Git's only in the top-level file.
  const topDepth = ordered[0]?.[0].split('/').length;
  const macros = new Map<string, string[]>();
  for (const [, text] of ordered.filter(([path]) => path.split('/').length === topDepth))
    for (const match of text.matchAll(/^[ \t]*\[attr\](\S+)[ \t]+(.*)$/gm)) macros.set(match[1]!, match[2]!.trim().split(/\s+/));
  let wildcardRules = 0;
  const rules = ordered
    .flatMap(([file, text]) => rulesIn(file.slice(0, file.length - baseName(file).length), text, macros))
    .filter((rule) => rule.literal !== null || ++wildcardRules <= MAX_WILDCARD_RULES)
    .slice(0, MAX_RULES);
  if (rules.length === 0) return { of: () => ({}) };
  // Paths and names written out are looked up; only the wildcard rules are matched against each path.
  const byPath = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  const wildcards: number[] = [];
  rules.forEach((rule, index) => {
    if (rule.literal === null) wildcards.push(index);
    else if (rule.literal.anchored) {
      const path = rule.base + rule.literal.text;
      byPath.set(path, [...(byPath.get(path) ?? []), index]);
    } else byName.set(rule.literal.text, [...(byName.get(rule.literal.text) ?? []), index]);
  });
  return {
    of(path) {
      const matching = [
        ...(byPath.get(path) ?? []),
        ...(byName.get(baseName(path)) ?? []).filter((index) => path.startsWith(rules[index]!.base)),
        ...wildcards.filter((index) => {
          const rule = rules[index]!;
          return path.startsWith(rule.base) && rule.matches(path.slice(rule.base.length));
        }),
      ].sort((a, b) => b - a);
      const decided = new Map<string, { value: Value | null; rule: Rule }>();
      for (const index of matching) {
        const rule = rules[index]!;
        for (const [name, value] of rule.attributes) if (!decided.has(name)) decided.set(name, { value, rule });
        if (decided.size === TRACKED.size) break;
      }
      const flag = (name: string): boolean | undefined => {
        const value = decided.get(name)?.value;
        // Linguist: set, or any value but "false", is true; `-attr` and `attr=false` are false; `!attr` says nothing.
        return value === null || value === undefined ? undefined : value !== false && value !== 'false';
      };
      const language = decided.get('linguist-language')?.value;
      const diff = decided.get('diff')?.value;
      const vendored = flag('linguist-vendored');
      const vendoringRule = decided.get('linguist-vendored')?.rule;
      return {
        vendored,
        generated: flag('linguist-generated'),
        documentation: flag('linguist-documentation'),
        detectable: flag('linguist-detectable'),
        language: typeof language === 'string' && language !== '' ? language : undefined,
        binary: diff === false ? true : undefined,
        vendoredRoot:
          vendored && vendoringRule ? (vendoringRule.folder === null ? path : vendoringRule.base + vendoringRule.folder) : undefined,
      };
    },
  };
}

function rulesIn(base: string, text: string, macros: ReadonlyMap<string, readonly string[]>): Rule[] {
  const rules: Rule[] = [];
  for (const rawLine of text.split(/\r?\n/).slice(0, MAX_LINES)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#') || line.startsWith('[attr]')) continue;
    const split = splitPattern(line);
    if (!split) continue;
    const [pattern, rest] = split;
    // Negative patterns are forbidden in attributes files; Git ignores the line.
    if (pattern.startsWith('!')) continue;
    const attributes = new Map<string, Value | null>();
    // A macro stands for its attributes where it is written; `binary` is Git's own, for -diff -merge -text.
    const words = rest
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((word) => (word === 'binary' ? ['-diff'] : (macros.get(word) ?? [word])));
    for (const word of words) {
      const [, prefix, name, value] = /^([-!]?)([^=]+)(?:=(.*))?$/.exec(word) ?? [];
      if (!name || !TRACKED.has(name)) continue;
      attributes.set(name, prefix === '-' ? false : prefix === '!' ? null : (value ?? true));
    }
    if (attributes.size === 0) continue;
    const matcher = compilePattern(pattern);
    if (matcher) rules.push({ base, ...matcher, attributes });
  }
  return rules;
}

/** The pattern (unquoted when written in C-style quotes) and the attributes after it. */
function splitPattern(line: string): [string, string] | null {
  if (line.startsWith('"')) {
    const quoted = /^"((?:[^"\\]|\\.)*)"\s*(.*)$/.exec(line);
    return quoted ? [quoted[1]!.replace(/\\(.)/g, '$1'), quoted[2]!] : null;
  }
  const match = /^(\S+)\s*(.*)$/.exec(line);
  return match ? [match[1]!, match[2]!] : null;
}

/**
 * Git's rules (gitignore(5), without negation): a pattern without a slash matches a name at any
 * depth; one with a slash (leading or inside) is anchored at the attributes file's folder. `*` and
 * `?` stay within one path segment, `**` crosses them. A pattern naming a folder (`dir`, `dir/`)
 * does not match the files in it (gitattributes(5)): `dir/**` does.
 */
function compilePattern(pattern: string): Pick<Rule, 'matches' | 'folder' | 'literal'> | null {
  if (pattern.endsWith('/')) return null; // names folders only: matches no file
  const wildcards = pattern.match(/[*?[\\]/g)?.length ?? 0;
  if (wildcards > MAX_WILDCARDS) return null;
  const anchored = pattern.includes('/');
  const body = pattern.replace(/^\//, '');
  if (wildcards === 0) {
    // A path or a name written out: looked up, not matched.
    return { matches: () => false, folder: null, literal: { text: body, anchored } };
  }
  let source = '';
  for (let at = 0; at < body.length; at++) {
    const char = body[at]!;
    if (char === '*' && body[at + 1] === '*') {
      const before = at === 0 || body[at - 1] === '/';
      const after = at + 2 === body.length || body[at + 2] === '/';
      if (before && after) {
        if (at + 2 === body.length) source += '.*';
        else {
          source += '(?:.*/)?';
          at++; // the slash after `**/`
        }
        at++;
        continue;
      }
      source += '[^/]*';
      at++;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const close = body.indexOf(']', at + 2);
      if (close === -1) source += '\\[';
      else {
        const inner = body
          .slice(at + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        source += `(?!/)[${inner}]`;
        at = close;
      }
    } else if (char === '\\' && at + 1 < body.length) source += escape(body[++at]!);
    else source += escape(char);
  }
  let expression: RegExp;
  try {
    expression = new RegExp(anchored ? `^${source}$` : `(?:^|/)${source}$`);
  } catch {
    return null;
  }
  const folder = anchored && /^[^*?[\\]+\/\*\*$/.test(body) ? body.slice(0, -3) : null;
  return { matches: (relative) => expression.test(relative), folder, literal: null };
}

const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
