import type { InsideReport } from '@market/contracts';

/** A report shaped like the server's analysis of the Unity skeleton, for the feature's tests. */
export function unityReport(overrides: Partial<InsideReport> = {}): InsideReport {
  const files: [string, number][] = [
    ['Assets/Scenes/Main.unity', 52],
    ['Assets/Scripts/Enemy.cs', 1_310],
    ['Assets/Scripts/Player.cs', 1_180],
    ['Assets/Shaders/Water.shader', 140],
    ['Library/PackageCache/com.unity.textmeshpro/TMP_Text.cs', 4_800],
    ['Packages/manifest.json', 160],
    ['ProjectSettings/ProjectVersion.txt', 90],
    ['README.md', 40],
  ];
  return {
    status: 'ready',
    releaseId: 'release_0001',
    analyserVersion: 2,
    analysedAt: '2026-11-25T10:00:00.000Z',
    files: { count: 1_284, folders: 9, totalBytes: 222_298_112, paths: files.map(([path]) => path), sizes: files.map(([, size]) => size) },
    languages: [
      { name: 'C#', color: '#178600', lines: 92, bytes: 2_490, files: 2, percent: 91.6 },
      { name: 'ShaderLab', color: '#222c37', lines: 8, bytes: 228, files: 1, percent: 8.4 },
    ],
    vendored: {
      folders: ['Assets/TextMesh Pro', 'Library'],
      files: 3,
      lines: 12_345,
      languages: [
        { name: 'C#', color: '#178600', lines: 12_000, bytes: 480_000, files: 2, percent: 96 },
        { name: 'HLSL', color: '#aace60', lines: 345, bytes: 20_000, files: 1, percent: 4 },
      ],
    },
    documentation: { files: 2, lines: 140 },
    engines: [
      {
        engine: 'Unity',
        version: '2022.3.21f1',
        file: 'ProjectSettings/ProjectVersion.txt',
        facts: [{ label: 'Render pipeline', value: 'URP 14.0.10', file: 'Packages/manifest.json' }],
      },
    ],
    manifests: [
      {
        file: 'Packages/manifest.json',
        kind: 'Unity packages',
        packages: [{ name: 'com.unity.inputsystem', version: '1.7.0' }],
      },
    ],
    licences: [
      { file: 'LICENSE', spdx: 'MIT', name: 'MIT License', confidence: 100, copyleft: null },
      { file: 'ThirdParty/LICENSE.txt', spdx: 'GPL-3.0', name: 'GNU General Public License v3.0', confidence: 97, copyleft: 'strong' },
      { file: 'Plugins/MPL/LICENSE', spdx: 'MPL-2.0', name: 'Mozilla Public License 2.0', confidence: 100, copyleft: 'weak' },
      { file: 'Plugins/COPYING', spdx: null, name: null, confidence: 41, copyleft: null },
    ],
    declaredLicences: [
      { file: 'package.json', declared: 'MIT', agrees: true, comparedWith: ['MIT'] },
      { file: 'ThirdParty/package.json', declared: 'Apache-2.0', agrees: false, comparedWith: ['GPL-3.0'] },
    ],
    warnings: null,
    ...overrides,
  };
}
