import { describe, expect, it } from 'vitest';
import { unityReport } from './fixtures';
import { overviewText } from './overview';

describe('overviewText', () => {
  it('names the engine and version, the top language, the file count and the size', () => {
    expect(overviewText(unityReport())).toBe('Unity 2022.3.21f1 · C# 92% · 1,284 files · 212.0 MB');
  });

  it('picks the language with most lines whatever the order, and leaves out what was not found', () => {
    const report = unityReport({
      engines: [],
      languages: [
        { name: 'Kotlin', color: null, lines: 10, bytes: 100, files: 1, percent: 9.9 },
        { name: 'Java', color: null, lines: 91, bytes: 910, files: 4, percent: 90.1 },
      ],
      files: { count: 1, folders: 0, totalBytes: 900, paths: ['Main.java'], sizes: [900] },
    });
    expect(overviewText(report)).toBe('Java 90% · 1 file · 900 B');
    expect(
      overviewText(unityReport({ languages: [], engines: [{ engine: 'Godot', version: null, file: 'project.godot', facts: [] }] })),
    ).toBe('Godot · 1,284 files · 212.0 MB');
  });
});
