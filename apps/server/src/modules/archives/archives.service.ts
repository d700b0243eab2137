import type {
  AnalysisProgress,
  ApiV1ReleaseList,
  ArchiveCheck,
  Engine,
  InsideAnswer,
  InsideLicence,
  InsideReport,
  SellerWarning,
  SessionUser,
} from '@market/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobLeases } from '../../platform/jobs/index.js';
import type { FileStorage } from '../../platform/storage/index.js';
import { type CatalogueService, canManage, canSee } from '../catalogue/index.js';
import type { ReleasesService } from '../releases/index.js';
import {
  analyseArchive,
  ANALYSER_VERSION,
  archiveFingerprints,
  compareFingerprints,
  type FileDifference,
  type ArchiveLimits,
  ArchiveRefused,
  copyleftOf,
  DEFAULT_ARCHIVE_LIMITS,
} from './analyser/index.js';
import { type ArchiveReportRow, ArchiveReportsRepository, type ArchiveToAnalyse } from './archives.repository.js';
import { seesEveryArchive } from './policies.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Longer than one archive takes; a crashed instance's archive is taken over once it runs out. */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;

/** A delivery's archive read: its analysis and its file-level difference from the product's release, or why it was refused. */
export type DeliveryAnalysis =
  | {
      status: 'ready';
      analysis: Awaited<ReturnType<typeof analyseArchive>>;
      difference: (FileDifference & { releaseVersion: string | null }) | null;
    }
  | { status: 'refused'; reason: string };

type StoredReport = Omit<InsideReport, 'status' | 'releaseId' | 'analyserVersion' | 'analysedAt' | 'warnings'>;

export interface ArchivesServiceDependencies {
  db: Kysely<Database>;
  releases: Pick<ReleasesService, 'findRow' | 'rowsOf'>;
  catalogue: CatalogueService;
  storage: FileStorage;
  leases: JobLeases;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** ARCHIVE_MAX_UNPACKED_MB, in bytes; 2 GB unless configured. */
  maxUnpackedBytes?: number;
}

/**
 * What's inside: each release's archive is analysed once, off the request path, by
 * whichever instance takes its lease first; the report is kept per release and served to whoever
 * may see the release, the seller's warnings only to its owner and admins.
 */
export class ArchivesService {
  private readonly holder = newId();
  private running: Promise<void> | null = null;
  private wokenWhileRunning = false;

  private readonly reports: ArchiveReportsRepository;
  private readonly releases: Pick<ReleasesService, 'findRow' | 'rowsOf'>;
  private readonly catalogue: CatalogueService;
  private readonly storage: FileStorage;
  private readonly leases: JobLeases;
  private readonly clock: Clock;
  private readonly log: Pick<Logger, 'info' | 'warn' | 'error'>;
  private readonly limits: ArchiveLimits;
  /** The analyses this instance has under way, and how far each has read; another instance's are not known here. */
  private readonly progress = new Map<string, AnalysisProgress>();

  constructor({ db, releases, catalogue, storage, leases, clock, log, maxUnpackedBytes }: ArchivesServiceDependencies) {
    this.limits = { ...DEFAULT_ARCHIVE_LIMITS, maxUnpackedBytes: maxUnpackedBytes ?? DEFAULT_ARCHIVE_LIMITS.maxUnpackedBytes };
    this.reports = new ArchiveReportsRepository(db);
    this.releases = releases;
    this.catalogue = catalogue;
    this.storage = storage;
    this.leases = leases;
    this.clock = clock;
    this.log = log;
  }

  /** Starts analysing what waits, now, in the background; a call during a run makes it look again when done. */
  wake(): void {
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = this.analyseWaiting()
      .then(
        () => undefined,
        (error: unknown) => this.log.warn({ err: error }, 'archive analysis round failed'),
      )
      .finally(() => {
        this.running = null;
        if (this.wokenWhileRunning) {
          this.wokenWhileRunning = false;
          this.wake();
        }
      });
  }

  /** Waits for the analysis under way, if any (tests, and a shutdown that drains). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Analyses every release waiting for a report, each under its own lease so two instances never
   * do the same one; each is tried once per call, so one whose storage fails does not spin.
   * Answers how many reports were written.
   */
  async analyseWaiting(): Promise<number> {
    const tried = new Set<string>();
    let written = 0;
    for (;;) {
      const batch = (await this.reports.awaitingAnalysis(ANALYSER_VERSION, BATCH + tried.size)).filter((release) => !tried.has(release.id));
      if (batch.length === 0) return written;
      for (const release of batch) {
        tried.add(release.id);
        if (await this.analyseUnderLease(release)) written++;
      }
    }
  }

  private async analyseUnderLease(release: ArchiveToAnalyse): Promise<boolean> {
    const lease = `archive-analysis:${release.id}`;
    const now = this.clock.now();
    if (!(await this.leases.take(lease, this.holder, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))) return false;
    try {
      // Another instance may have written it between our list and our lease.
      if (((await this.reports.analyserVersionOf(release.id)) ?? 0) >= ANALYSER_VERSION) return false;
      await this.analyse(release);
      return true;
    } catch (error) {
      this.log.warn({ err: error, releaseId: release.id }, 'archive analysis failed; it is tried again on the next round');
      return false;
    } finally {
      await this.leases.release(lease, this.holder);
    }
  }

  private async analyse(release: ArchiveToAnalyse): Promise<void> {
    const started = Date.now();
    const base = { release_id: release.id, analyser_version: ANALYSER_VERSION };
    try {
      const analysis = await analyseArchive(
        {
          size: Number(release.source_code_size),
          readRange: (start, length) => this.storage.readRange('private', release.source_code_key, start, length),
        },
        { limits: this.limits, progress: (read, total) => this.progress.set(release.id, { read, total }) },
      );
      const { warnings, engine, ...report } = analysis;
      await this.reports.save({
        ...base,
        status: 'ready',
        engine,
        report_json: JSON.stringify(report satisfies StoredReport),
        refused_reason: null,
        warnings_json: JSON.stringify(warnings),
        analysed_at: this.clock.now().toISOString(),
      });
      this.log.info({ releaseId: release.id, files: report.files.count, ms: Date.now() - started }, 'archive analysed');
    } catch (error) {
      this.progress.delete(release.id);
      const missing = error instanceof HttpError && error.statusCode === 404;
      if (!(error instanceof ArchiveRefused) && !missing) throw error;
      await this.reports.save({
        ...base,
        status: 'refused',
        engine: null,
        report_json: null,
        refused_reason: missing ? 'The archive is missing from storage' : error.message,
        warnings_json: '[]',
        analysed_at: this.clock.now().toISOString(),
      });
      const file = error instanceof ArchiveRefused ? error.file : null;
      this.log.info({ releaseId: release.id, file, reason: (error as Error).message }, 'archive refused by the analysis');
    }
    this.progress.delete(release.id);
    // The storefront's engine filter reads reports of approved releases.
    if (release.status === 'Approved') this.catalogue.changed();
  }

  /**
   * A custom work delivery's archive (docs/decisions/0013), read as a release's is, with what it
   * adds, removes and changes against the product's newest approved release; the reason instead
   * when the archive breaks a limit. Throws on a storage failure, for the caller to try again.
   */
  async analyseDelivery(productId: string, delivery: { key: string; size: number }): Promise<DeliveryAnalysis> {
    const archive = {
      size: delivery.size,
      readRange: (start: number, length: number) => this.storage.readRange('private', delivery.key, start, length),
    };
    try {
      const analysis = await analyseArchive(archive, { limits: this.limits });
      const after = await archiveFingerprints(archive, this.limits);
      const [release] = await this.releases.rowsOf(productId, false);
      let difference: (FileDifference & { releaseVersion: string | null }) | null = null;
      if (release) {
        const before = await archiveFingerprints(
          {
            size: Number(release.source_code_size),
            readRange: (start, length) => this.storage.readRange('private', release.source_code_key, start, length),
          },
          this.limits,
        ).catch((error: unknown) => {
          // The release's own archive broke a limit once analysed: the delivery is still shown, without a comparison.
          if (error instanceof ArchiveRefused) return null;
          throw error;
        });
        if (before) difference = { releaseVersion: release.version, ...compareFingerprints(before, after) };
      }
      return { status: 'ready', analysis, difference };
    } catch (error) {
      if (error instanceof ArchiveRefused) return { status: 'refused', reason: error.message };
      throw error;
    }
  }

  /**
   * GET inside: the report of the named release, or of the newest one the viewer may see (approved
   * for everybody, any for the owner and admins); the seller's warnings only for those two.
   */
  async inside(viewer: SessionUser | null, productId: string, releaseId: string | undefined): Promise<InsideAnswer> {
    const product = await this.catalogue.findRow(productId);
    if (!product || product.status === 'Deleted' || !canSee(viewer, product)) throw notFound('Product not found');
    const manages = viewer !== null && canManage(viewer, product);
    const release = releaseId ? await this.releases.findRow(releaseId) : (await this.releases.rowsOf(productId, manages))[0];
    if (!release || release.product_id !== productId || (release.status !== 'Approved' && !manages)) throw notFound('Release not found');
    const row = await this.reports.find(release.id);
    if (!row) return { status: 'analysing', releaseId: release.id, progress: this.progress.get(release.id) ?? null };
    return answerOf(row, manages);
  }

  /**
   * GET /api/v1/products/{id}/releases: every release of the token owner's product, newest version
   * first, with its review and its archive's analysis (docs/decisions/0014). Another seller's
   * product answers 404, as an unknown one.
   */
  async releasesOfTokenOwner(ownerId: string, productId: string): Promise<ApiV1ReleaseList> {
    const product = await this.catalogue.findRow(productId);
    if (!product || product.status === 'Deleted' || product.user_id !== ownerId) throw notFound('Product not found');
    const releases = await this.releases.rowsOf(productId, true);
    const outcomes = await this.reports.outcomesOf(releases.map((release) => release.id));
    const outcomeOf = new Map(outcomes.map((outcome) => [outcome.release_id, outcome]));
    return {
      data: releases.map((release) => ({
        id: release.id,
        productId: release.product_id,
        version: release.version,
        changelog: release.changelog_html,
        engineVersion: release.engine_version,
        sizeBytes: Number(release.source_code_size),
        status: release.status,
        createdAt: release.created_at,
        publishedAt: release.published_at,
        analysis: {
          status: outcomeOf.get(release.id)?.status ?? 'analysing',
          reason: outcomeOf.get(release.id)?.refused_reason ?? null,
        },
      })),
    };
  }

  /** GET archive-checks: a seller's own products; for an admin, those awaiting moderation. */
  async checks(actor: SessionUser): Promise<ArchiveCheck[]> {
    const releases = await this.reports.newestReleases(seesEveryArchive(actor) ? null : actor._id);
    return releases.map((release) => ({
      productId: release.product_id,
      releaseId: release.release_id,
      version: release.version,
      status: release.report_status ?? 'analysing',
      reason: release.refused_reason,
      progress: release.report_status ? null : (this.progress.get(release.release_id) ?? null),
      engine: (release.engine as Engine | null) ?? null,
      licences: licenceSummary(release.licences_json),
      warnings: release.warnings_json ? (JSON.parse(release.warnings_json) as SellerWarning[]) : [],
    }));
  }
}

/** The licences of a report, as an archive check shows them; reports of the first analyser said copyleft yes or no. */
function licenceSummary(json: string | null): ArchiveCheck['licences'] {
  if (!json) return [];
  const licences = JSON.parse(json) as Array<{ file: string; spdx: string | null; copyleft: InsideLicence['copyleft'] | boolean }>;
  return licences.map(({ file, spdx, copyleft }) => ({
    file,
    spdx,
    copyleft: typeof copyleft === 'boolean' ? copyleftOf(spdx) : copyleft,
  }));
}

/**
 * A report as stored, in today's shape: one written by an older analyser is served, filled in, until
 * the background job has analysed its archive again.
 */
function storedReport(json: string): StoredReport {
  const report = JSON.parse(json) as StoredReport;
  const licences = report.licences.map((licence) => {
    const old = licence as InsideLicence | { file: string; spdx: string | null; copyleft: boolean };
    if (typeof old.copyleft !== 'boolean') return old as InsideLicence;
    return { file: old.file, spdx: old.spdx, name: null, confidence: old.spdx ? 100 : 0, copyleft: copyleftOf(old.spdx) };
  });
  const languages = (list: StoredReport['languages']) => list.map((language) => ({ ...language, bytes: language.bytes ?? 0 }));
  return {
    ...report,
    languages: languages(report.languages),
    vendored: { ...report.vendored, languages: languages(report.vendored.languages ?? []) },
    documentation: report.documentation ?? { files: 0, lines: 0 },
    licences,
    declaredLicences: report.declaredLicences ?? [],
  };
}

function answerOf(row: ArchiveReportRow, manages: boolean): InsideAnswer {
  const withWarnings = manages;
  const common = { releaseId: row.release_id, analyserVersion: row.analyser_version, analysedAt: row.analysed_at };
  // Why is for those who can fix it; a buyer learns only that there is no report, and can still buy.
  if (row.status === 'refused')
    return { status: 'refused', ...common, reason: withWarnings ? (row.refused_reason ?? 'The archive was refused') : null };
  return {
    status: 'ready',
    ...common,
    ...storedReport(row.report_json!),
    warnings: withWarnings ? (JSON.parse(row.warnings_json) as SellerWarning[]) : null,
  };
}
