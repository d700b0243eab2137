import { makeZip, type ZipFileSpec } from '@market/sample-archives';
import { describe, expect, it } from 'vitest';
import { gitAttributes } from './git-attributes.js';
import { analyseArchive } from './index.js';

const attributesOf = (text: string, path: string, file = '.gitattributes') => gitAttributes(new Map([[file, text]])).of(path);

describe('a project’s .gitattributes, read as Git and Linguist read it', () => {
  it('matches a pattern without a slash at any depth, and one with a slash from its own folder', () => {
    const text = '*.go linguist-language=JSON5\nthird_party/** linguist-vendored\ndocs/*.md linguist-documentation\n';
    expect(attributesOf(text, 'main/hero.go').language).toBe('JSON5');
    expect(attributesOf(text, 'hero.go').language).toBe('JSON5');
    expect(attributesOf(text, 'main/hero.gox').language).toBeUndefined();
    expect(attributesOf(text, 'third_party/box2d/src/world.c')).toMatchObject({ vendored: true, vendoredRoot: 'third_party' });
    // Anchored: another folder of the same name deeper down is not the one named.
    expect(attributesOf(text, 'src/third_party/x.c').vendored).toBeUndefined();
    // `*` stays within one folder.
    expect(attributesOf(text, 'docs/guide.md').documentation).toBe(true);
    expect(attributesOf(text, 'docs/api/guide.md').documentation).toBeUndefined();
  });

  it('lets a later line and a deeper file override, and un-vendors with -attr and attr=false', () => {
    const files = new Map([
      ['Game/.gitattributes', 'libs/** linguist-vendored\nlibs/ours/** -linguist-vendored\n*.js linguist-generated\n'],
      ['Game/tools/.gitattributes', '*.js linguist-generated=false\n'],
    ]);
    const attributes = gitAttributes(files);
    expect(attributes.of('Game/libs/box2d.js')).toMatchObject({ vendored: true, generated: true, vendoredRoot: 'Game/libs' });
    expect(attributes.of('Game/libs/ours/physics.js').vendored).toBe(false);
    expect(attributes.of('Game/tools/build.js').generated).toBe(false);
    // A rule in a subfolder's file reaches no further than that folder.
    expect(attributes.of('Game/src/build.js').generated).toBe(true);
    expect(attributesOf('vendor/** linguist-vendored=false\n', 'vendor/lib.rb').vendored).toBe(false);
    expect(attributesOf('vendor/** linguist-vendored\nvendor/** !linguist-vendored\n', 'vendor/lib.rb').vendored).toBeUndefined();
  });

  it('reads **/, a leading slash, character classes, quoted patterns and the binary macro', () => {
    expect(attributesOf('**/generated/** linguist-generated\n', 'a/b/generated/c/d.ts').generated).toBe(true);
    expect(attributesOf('**/generated/** linguist-generated\n', 'generated/d.ts').generated).toBe(true);
    // Linguist's README example: a name written out, at any depth.
    expect(attributesOf('jquery.js linguist-vendored=false\n', 'static/js/jquery.js').vendored).toBe(false);
    expect(attributesOf('jquery.js linguist-vendored=false\n', 'static/js/jquery.min.js').vendored).toBeUndefined();
    expect(attributesOf('src/gen.ts linguist-generated\n', 'src/gen.ts').generated).toBe(true);
    expect(attributesOf('src/gen.ts linguist-generated\n', 'lib/src/gen.ts').generated).toBeUndefined();
    expect(attributesOf('/build.js linguist-generated\n', 'build.js').generated).toBe(true);
    expect(attributesOf('/build.js linguist-generated\n', 'tools/build.js').generated).toBeUndefined();
    expect(attributesOf('*.[ch] linguist-vendored\n', 'src/x.c').vendored).toBe(true);
    expect(attributesOf('*.[ch] linguist-vendored\n', 'src/x.cc').vendored).toBeUndefined();
    expect(attributesOf('"My Docs/**" linguist-documentation\n', 'My Docs/a.js').documentation).toBe(true);
    expect(attributesOf('*.dae binary\n', 'models/hero.dae').binary).toBe(true);
  });

  it('expands the top-level file’s macros where they are used', () => {
    const files = new Map([
      ['.gitattributes', '[attr]unity-json eol=lf linguist-language=json\n*.asmdef unity-json\n'],
      ['Assets/.gitattributes', '[attr]ours linguist-vendored\n*.cs ours\n'],
    ]);
    expect(gitAttributes(files).of('Assets/Game.asmdef').language).toBe('json');
    // Git honours macros in the top-level file only.
    expect(gitAttributes(files).of('Assets/Player.cs').vendored).toBeUndefined();
  });

  it('matches no file with a folder pattern, as gitattributes(5) says, and ignores comments and other attributes', () => {
    expect(attributesOf('vendor/ linguist-vendored\n', 'vendor/lib.js').vendored).toBeUndefined();
    expect(attributesOf('vendor linguist-vendored\n', 'vendor/lib.js').vendored).toBeUndefined();
    expect(attributesOf('# *.js linguist-vendored\n*.js text eol=lf\n', 'lib.js')).toEqual({
      vendored: undefined,
      generated: undefined,
      documentation: undefined,
      detectable: undefined,
      language: undefined,
      binary: undefined,
      vendoredRoot: undefined,
    });
  });
});

/** An archive held in memory, read through the same range reads as one in storage. */
async function analyse(files: readonly ZipFileSpec[]) {
  const bytes = makeZip(files);
  return analyseArchive({ size: bytes.length, readRange: async (start, length) => bytes.subarray(start, start + length) });
}

const lines = (count: number, line: string) => `${line}\n`.repeat(count);

describe('language shares under a project’s .gitattributes', () => {
  it('counts Defold’s scripts as Lua and its .go game objects as data, as its .gitattributes asks', async () => {
    // Defold's layout: without the attributes, .go counts as Go and .script as nothing.
    const analysis = await analyse([
      { name: 'platformer/main/hero.go', content: lines(200, 'components { id: "script" component: "/main/hero.script" }') },
      { name: 'platformer/main/hero.script', content: lines(40, 'local speed = 300') },
      { name: 'platformer/main/menu.gui_script', content: lines(10, 'function init(self) end') },
      { name: 'platformer/main/hero.fp', content: lines(5, 'void main() { gl_FragColor = vec4(1.0); }') },
      {
        name: 'platformer/.gitattributes',
        content:
          '*.go linguist-language=JSON5\n*.script linguist-language=Lua\n*.gui_script linguist-language=Lua\n*.fp linguist-language=GLSL\n',
      },
    ]);
    expect(analysis.languages.map((language) => [language.name, language.lines, language.files])).toEqual([
      ['Lua', 50, 2],
      ['GLSL', 5, 1],
    ]);
  });

  it('leaves out what it marks vendored, generated or documentation, and counts what it un-vendors', async () => {
    const analysis = await analyse([
      { name: 'game/src/main.ts', content: lines(10, 'export const speed = 3;') },
      { name: 'game/engine/physics.ts', content: lines(100, 'export const gravity = 9.81;') },
      { name: 'game/proto/messages.ts', content: lines(100, 'export const id = 1;') },
      { name: 'game/guide/example.ts', content: lines(100, 'export const example = 1;') },
      // Linguist's own list takes vendor/ for third-party code; this project says it is its own.
      { name: 'game/vendor/ours.ts', content: lines(10, 'export const ours = 1;') },
      {
        name: 'game/.gitattributes',
        content:
          'engine/** linguist-vendored\nproto/*.ts linguist-generated\nguide/** linguist-documentation\nvendor/** -linguist-vendored\n',
      },
    ]);
    expect(analysis.languages.map((language) => [language.name, language.lines, language.files])).toEqual([['TypeScript', 20, 2]]);
    // Linguist's own list takes the .gitattributes file itself for a vendored one.
    expect(analysis.vendored).toMatchObject({
      folders: ['game/.gitattributes', 'game/engine', 'game/proto/messages.ts'],
      files: 3,
      lines: 200,
    });
    expect(analysis.documentation).toEqual({ files: 1, lines: 100 });
  });

  it('keeps a binary file out though its attributes name a language, and drops what is not detectable', async () => {
    const analysis = await analyse([
      { name: 'src/main.lua', content: lines(10, 'local x = 1') },
      { name: 'data/level.bin', content: Buffer.from([0, 1, 2, 3, 0, 5]) },
      { name: 'tools/gen.py', content: lines(50, 'print(1)') },
      { name: '.gitattributes', content: '*.bin linguist-language=Lua\ntools/** linguist-detectable=false\n' },
    ]);
    expect(analysis.languages.map((language) => [language.name, language.files])).toEqual([['Lua', 1]]);
  });
});
