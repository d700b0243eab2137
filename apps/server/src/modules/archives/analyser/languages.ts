export interface Language {
  name: string;
  color: string | null;
}

interface LinguistLanguage {
  name: string;
  type: 'programming' | 'markup' | 'data' | 'prose';
  color?: string;
  extensions?: readonly string[];
  filenames?: readonly string[];
  aliases?: readonly string[];
  /** The language whose share it counts in, as on GitHub ("TypeScript" for TSX). */
  group?: string;
}

export interface LanguageTable {
  /** The language whose code this file holds, or null for data, prose and unknown files. */
  of(path: string): Language | null;
  /** The language of any type this file holds (JSON, Markdown too), and whether it counts as code; null when unknown. */
  detect(path: string): DetectedLanguage | null;
  /** A language by Linguist's name. */
  named(name: string): Language;
  /** A language by a name or alias as `.gitattributes` writes it (`linguist-language=csharp`), as Linguist finds it. */
  byAlias(alias: string): DetectedLanguage | null;
}

export interface DetectedLanguage {
  language: Language;
  /** Programming and markup count in the shares; data and prose only when `linguist-detectable` says so. */
  isCode: boolean;
}

/** Headers are C, C++ or Objective-C; the archive's other files decide (see `headerLanguage`). */
export const HEADER_EXTENSION = '.h';

let loaded: Promise<LanguageTable> | null = null;

/**
 * GitHub Linguist's extension and file name table, loaded on the first analysis (its 800 small
 * modules stay out of the server's start). Only programming and markup languages count as code.
 */
export function languageTable(): Promise<LanguageTable> {
  loaded ??= import('linguist-languages').then((module) => buildTable(Object.values(module) as LinguistLanguage[]));
  return loaded;
}

function buildTable(languages: readonly LinguistLanguage[]): LanguageTable {
  const isCode = (language: LinguistLanguage) => language.type === 'programming' || language.type === 'markup';
  const all = new Map(languages.map((language) => [language.name, language]));
  // Linguist's groups: a language's lines count in its group's share, under its name and colour.
  const view = (language: LinguistLanguage): Language => {
    const group = language.group ? all.get(language.group) : undefined;
    const shown = group ?? language;
    return { name: shown.name, color: shown.color ?? null };
  };
  const code = languages.filter(isCode);
  const detected = (language: LinguistLanguage): DetectedLanguage => ({ language: view(language), isCode: isCode(language) });
  const byFilename = new Map<string, DetectedLanguage>();
  const candidates = new Map<string, LinguistLanguage[]>();
  const aliases = new Map<string, DetectedLanguage>();
  for (const language of languages) {
    for (const filename of language.filenames ?? []) {
      const known = byFilename.get(filename);
      if (!known || (!known.isCode && isCode(language))) byFilename.set(filename, detected(language));
    }
    for (const extension of language.extensions ?? []) {
      const key = extension.toLowerCase();
      candidates.set(key, [...(candidates.get(key) ?? []), language]);
    }
    // Linguist's default alias is the name in lower case with dashes for spaces ("vim-script").
    for (const alias of [language.name.toLowerCase().replace(/\s/g, '-'), ...(language.aliases ?? [])])
      aliases.set(alias.toLowerCase(), detected(language));
  }
  // Every language takes part in the choice, so ".md" stays Markdown (prose, not code) rather than
  // becoming the GCC machine descriptions that share the extension.
  const byExtension = new Map<string, DetectedLanguage>();
  for (const [extension, languagesOfIt] of candidates) byExtension.set(extension, detected(likeliest(extension, languagesOfIt)));
  const byName = new Map(code.map((language) => [language.name, view(language)]));
  const detect = (path: string): DetectedLanguage | null => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const named = byFilename.get(name);
    if (named) return named;
    // ".cs.pp" before ".pp": the longest extension Linguist knows wins.
    for (let dot = name.indexOf('.', 1); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      const language = byExtension.get(name.slice(dot).toLowerCase());
      if (language) return language;
    }
    return null;
  };
  return {
    named: (name) => byName.get(name) ?? { name, color: null },
    detect,
    of(path) {
      const found = detect(path);
      return found?.isCode ? found.language : null;
    },
    byAlias: (alias) => aliases.get(alias.toLowerCase()) ?? aliases.get(alias.split(',')[0]!.toLowerCase()) ?? null,
  };
}

/** Linguist's `popular.yml` (and Markdown): the languages it, too, prefers when a file could be either. */
const POPULAR = new Set([
  'C',
  'C#',
  'C++',
  'CoffeeScript',
  'CSS',
  'Dart',
  'DM',
  'Elixir',
  'Go',
  'Groovy',
  'HTML',
  'Java',
  'JavaScript',
  'Kotlin',
  'Markdown',
  'Objective-C',
  'Perl',
  'PHP',
  'PowerShell',
  'Python',
  'Ruby',
  'Rust',
  'Scala',
  'Shell',
  'Swift',
  'TypeScript',
]);

/**
 * Where Linguist lists an extension under several languages it reads the file to decide; we pick
 * a language that names the extension first (".cs" is C#'s, not Smalltalk's), a popular one
 * among those (".rs" is Rust's, not RenderScript's), then a programming language, then by name.
 */
function likeliest(extension: string, languages: readonly LinguistLanguage[]): LinguistLanguage {
  const rank = (language: LinguistLanguage) => [
    language.extensions?.[0]?.toLowerCase() === extension ? 0 : 1,
    POPULAR.has(language.name) ? 0 : 1,
    language.type === 'programming' ? 0 : 1,
  ];
  return [...languages].sort((a, b) => {
    const [rankA, rankB] = [rank(a), rank(b)];
    return rankA.reduce((order, value, index) => order || value - rankB[index]!, 0) || a.name.localeCompare(b.name);
  })[0]!;
}

/**
 * Linguist's heuristics for one header, read as it reads them: Objective-C by its directives, C++
 * by its syntax, else C (so an Unreal module's `#pragma once` header is C, as on GitHub).
 */
export function headerLanguageOfText(table: LanguageTable, text: string): Language {
  if (OBJECTIVE_C_HEADER.test(text)) return table.named('Objective-C');
  if (CPP_HEADER.some((pattern) => pattern.test(text))) return table.named('C++');
  return table.named('C');
}

/** Linguist 7.22's `objectivec` and `cpp` named patterns (heuristics.yml); Ruby's ^ is JavaScript's ^ with /m. */
const OBJECTIVE_C_HEADER = /^\s*(@(interface|class|protocol|property|end|synchronised|selector|implementation)\b|#import\s+.+\.h[">])/m;
const CPP_HEADER = [
  /^\s*#\s*include <(cstdint|string|vector|map|list|array|bitset|queue|stack|forward_list|unordered_map|unordered_set|(i|o|io)stream)>/m,
  /^\s*template\s*</m,
  /^[ \t]*(try|constexpr)/m,
  /^[ \t]*catch\s*\(/m,
  /^[ \t]*(class|(using[ \t]+)?namespace)\s+\w+/m,
  /^[ \t]*(private|public|protected):$/m,
  /std::\w+/,
];

/** A header too large to read whole belongs to Objective-C beside .m files, to C++ beside .cpp files, else to C. */
export function headerLanguage(table: LanguageTable, extensions: ReadonlySet<string>): Language {
  if (extensions.has('.m') || extensions.has('.mm')) return table.named('Objective-C');
  if (['.cpp', '.cc', '.cxx', '.hpp'].some((extension) => extensions.has(extension))) return table.named('C++');
  return table.named('C');
}

/**
 * Linguist's heuristics for an extension several languages share, where its choice by name alone
 * goes wrong in the projects sold here: Android's ProGuard rules (`proguard-rules.pro`, `consumer-rules.pro`)
 * are data, not IDL. Returns the language the text shows, null when it shows data, undefined to keep the name's choice.
 */
export function languageByContent(table: LanguageTable, extension: string, text: string | null): Language | null | undefined {
  if (extension !== '.pro' || text === null) return undefined;
  // heuristics.yml's rules for .pro, in its order; Proguard, INI and the rest are data.
  if (/^-(include\b.*\.pro$|keep\b|keepclassmembers\b|keepattributes\b)/m.test(text)) return null;
  if (/^[^[#\n]+:-/m.test(text)) return table.named('Prolog');
  if (/last_client=/.test(text)) return null;
  if (/HEADERS/.test(text) && /SOURCES/.test(text)) return table.named('QMake');
  if (/^[ \t]*function[ \w,]+$/m.test(text)) return table.named('IDL');
  return null;
}
