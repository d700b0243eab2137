import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';

/**
 * "What's inside": what the analysis of a release's source archive found. Stored per
 * release with the analyser's version, so a newer analyser can recompute old reports.
 */

/** Engines and platforms the analysis recognises, in the order the engine filter offers them. */
export const ENGINES = [
  'Unity',
  'Unreal',
  'Godot',
  'Cocos',
  'Defold',
  'GameMaker',
  'Bevy',
  'libGDX',
  'MonoGame',
  'Phaser',
  'PixiJS',
  'Three.js',
  'Babylon.js',
  'Flutter',
  'React Native',
  'Android',
  'iOS',
] as const;
export const engineSchema = z.enum(ENGINES);
export type Engine = z.infer<typeof engineSchema>;

/** One fact read from the archive, naming the file that states it. */
export const insideFactSchema = z.object({ label: z.string(), value: z.string(), file: z.string() });
export type InsideFact = z.infer<typeof insideFactSchema>;

export const insideEngineSchema = z.object({
  engine: engineSchema,
  /** The engine's or SDK's own version when a file states it ("2022.3.21f1", "API 34"). */
  version: z.string().nullable(),
  file: z.string(),
  facts: z.array(insideFactSchema),
});
export type InsideEngine = z.infer<typeof insideEngineSchema>;

export const insideLanguageSchema = z.object({
  name: z.string(),
  /** Linguist's colour for the language, for the bar. */
  color: z.string().nullable(),
  lines: z.number().int(),
  /** The files' size, which Linguist's shares are counted by. */
  bytes: z.number().int(),
  files: z.number().int(),
  /** Share of the code's bytes (own, or bundled for `vendored.languages`), in percent to one decimal, as Linguist counts it. */
  percent: z.number(),
});
export type InsideLanguage = z.infer<typeof insideLanguageSchema>;

export const insideManifestSchema = z.object({
  file: z.string(),
  kind: z.enum(['npm', 'Flutter pub', 'CocoaPods', 'Gradle', 'Gradle version catalog', 'Unity packages', 'Cargo', 'NuGet']),
  packages: z.array(
    z.object({
      name: z.string(),
      /** As the manifest asks for it ("^5.0.0"). */
      version: z.string(),
      /** The exact version its lock file (package-lock.json, yarn.lock, pnpm-lock.yaml, pubspec.lock, Podfile.lock, Cargo.lock) pins, when one sits beside it. */
      locked: z.string().optional(),
    }),
  ),
});
export type InsideManifest = z.infer<typeof insideManifestSchema>;

export const insideLicenceSchema = z.object({
  file: z.string(),
  /**
   * The SPDX identifier of the licence text the file matches (the SPDX list's texts, compared word
   * pair by word pair), or null below the match threshold. "GPL-3.0" when the text alone cannot
   * tell -only from -or-later.
   */
  spdx: z.string().nullable(),
  /** The licence's full name from the SPDX list ("GNU General Public License v3.0"); null with `spdx`. */
  name: z.string().nullable(),
  /** How near the text is to the nearest SPDX licence, 0–100. */
  confidence: z.number().int().min(0).max(100),
  /**
   * Strong (GPL, AGPL…): a work built on it may have to be released under it; weak (LGPL, MPL,
   * EPL…): changes to the licensed files themselves; null for permissive or unknown licences.
   */
  copyleft: z.enum(['strong', 'weak']).nullable(),
});
export type InsideLicence = z.infer<typeof insideLicenceSchema>;

/** A licence a manifest declares (package.json, pubspec.yaml, a podspec, Cargo.toml, a .nuspec). */
export const declaredLicenceSchema = z.object({
  file: z.string(),
  /** As the manifest writes it, e.g. "MIT OR Apache-2.0". */
  declared: z.string(),
  /**
   * Whether a licence file beside the manifest (or at the archive's root) matches what it declares;
   * null when no licence file there was recognised.
   */
  agrees: z.boolean().nullable(),
  /** The SPDX identifiers of the licence files it was compared with. */
  comparedWith: z.array(z.string()),
});
export type DeclaredLicence = z.infer<typeof declaredLicenceSchema>;

/**
 * What a seller is warned of: secrets to revoke (a private key, an 'API key' such as AWS or a Stripe
 * secret), a 'Client key' that ships in apps anyway and is restricted instead (Google, Firebase,
 * Maps), signing files and passwords, and environment files holding real values.
 */
export const SELLER_WARNING_KINDS = [
  'Private key',
  'Android keystore',
  'iOS signing file',
  'API key',
  'Client key',
  'Signing password',
  'Environment file',
] as const;
export const sellerWarningSchema = z.object({
  kind: z.enum(SELLER_WARNING_KINDS),
  path: z.string(),
  /** What was found, never the secret itself ("AWS access key on line 3"). */
  detail: z.string(),
});
export type SellerWarning = z.infer<typeof sellerWarningSchema>;

export const insideReportSchema = z
  .object({
    status: z.literal('ready'),
    releaseId: idSchema,
    analyserVersion: z.number().int(),
    analysedAt: isoDateTimeSchema,
    files: z.object({
      count: z.number().int(),
      folders: z.number().int(),
      totalBytes: z.number().int(),
      /** Every file, sorted by path ("Assets/Scripts/Player.cs"); folders are implied by the paths. */
      paths: z.array(z.string()),
      /** Uncompressed size in bytes of the file at the same index in `paths`. */
      sizes: z.array(z.number().int()),
    }),
    languages: z.array(insideLanguageSchema),
    /**
     * Bundled third-party and generated code, counted apart from the own code: what Linguist's
     * vendor and generated patterns match (dist/, ThirdParty/, gradlew, *.min.js, lock files…),
     * the engines' folders (Library/, TextMesh Pro, Assets/Plugins, Godot addons, Pods/…), and
     * scripts that are a library's build by their licence banner or minified lines.
     */
    vendored: z.object({
      /** The folders (or single files) matched, up to 50. */
      folders: z.array(z.string()),
      files: z.number().int(),
      lines: z.number().int(),
      languages: z.array(insideLanguageSchema),
    }),
    /** Documentation by Linguist's patterns (docs/, examples/, README…): neither own code nor third-party. */
    documentation: z.object({ files: z.number().int(), lines: z.number().int() }),
    engines: z.array(insideEngineSchema),
    manifests: z.array(insideManifestSchema),
    licences: z.array(insideLicenceSchema),
    declaredLicences: z.array(declaredLicenceSchema),
    /** Only for the product's owner and admins; null for everybody else. */
    warnings: z.array(sellerWarningSchema).nullable(),
  })
  .meta({ id: 'InsideReport' });
export type InsideReport = z.infer<typeof insideReportSchema>;

/**
 * The archive broke a limit (too many entries, unpacking past ARCHIVE_MAX_UNPACKED_MB, a forged
 * size, a path outside the archive, a symlink) or is no ZIP. The product stays on sale.
 */
export const insideRefusedSchema = z
  .object({
    status: z.literal('refused'),
    releaseId: idSchema,
    analyserVersion: z.number().int(),
    analysedAt: isoDateTimeSchema,
    /** Which file, why and what to do, for the product's owner and admins; null for everybody else. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'InsideRefused' });
export type InsideRefused = z.infer<typeof insideRefusedSchema>;

/** How far the analysis under way has read: entries of all the archive holds. */
export const analysisProgressSchema = z.object({ read: z.number().int(), total: z.number().int() });
export type AnalysisProgress = z.infer<typeof analysisProgressSchema>;

export const insideAnalysingSchema = z
  .object({
    status: z.literal('analysing'),
    releaseId: idSchema,
    /** Null while the archive waits its turn (or is read by another instance). */
    progress: analysisProgressSchema.nullable().default(null),
  })
  .meta({ id: 'InsideAnalysing' });

export const insideAnswerSchema = z.discriminatedUnion('status', [insideReportSchema, insideRefusedSchema, insideAnalysingSchema]);
export type InsideAnswer = z.infer<typeof insideAnswerSchema>;

/** GET /api/product/{id}/inside: the newest approved release's report unless one is named. */
export const insideQuerySchema = z.strictObject({ release: idSchema.optional() });

/**
 * GET /api/product/archive-checks: the newest release of each product a person looks after (a
 * seller's own; for an admin, those awaiting moderation), with what its analysis warns of.
 */
export const archiveCheckSchema = z
  .object({
    productId: idSchema,
    releaseId: idSchema,
    version: z.string(),
    status: z.enum(['analysing', 'ready', 'refused']),
    /** Why the archive was refused; null unless refused. */
    reason: z.string().nullable(),
    /** The engine found, for the admin's check at a glance; null unless ready. */
    engine: engineSchema.nullable().default(null),
    /** The licence files found and their SPDX ids and copyleft, so an admin sees a GPL before approving. */
    licences: z.array(insideLicenceSchema.pick({ file: true, spdx: true, copyleft: true })).default([]),
    /** While analysing: entries read of all, or null while it waits its turn. */
    progress: analysisProgressSchema.nullable().default(null),
    warnings: z.array(sellerWarningSchema),
  })
  .meta({ id: 'ArchiveCheck' });
export type ArchiveCheck = z.infer<typeof archiveCheckSchema>;
export const archiveCheckListSchema = z.array(archiveCheckSchema);
