import { type Insertable, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { ArchiveReportsTable, Database } from '../../db/schema.js';

export type ArchiveReportRow = Selectable<ArchiveReportsTable>;

/** A release's archive as the analysis job needs it. */
export interface ArchiveToAnalyse {
  id: string;
  product_id: string;
  source_code_key: string;
  source_code_size: number | string | bigint;
  status: string;
}

/** The newest release of a product, with what its analysis found when it has run. */
export interface CheckedRelease {
  product_id: string;
  release_id: string;
  version: string;
  report_status: ArchiveReportsTable['status'] | null;
  refused_reason: string | null;
  warnings_json: string | null;
  engine: string | null;
  /** The report's licences (JSON), taken out of the report by the database rather than parsing all of it here. */
  licences_json: string | null;
}

/** SQL of archive reports: what the analysis of each release's archive found. */
export class ArchiveReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Releases of live products with no report by this analyser version, oldest first. */
  awaitingAnalysis(analyserVersion: number, limit: number): Promise<ArchiveToAnalyse[]> {
    return this.db
      .selectFrom('product_releases as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .leftJoin('archive_reports as a', 'a.release_id', 'r.id')
      .select(['r.id', 'r.product_id', 'r.source_code_key', 'r.source_code_size', 'r.status'])
      .where('p.status', '!=', 'Deleted')
      .where((eb) => eb.or([eb('a.release_id', 'is', null), eb('a.analyser_version', '<', analyserVersion)]))
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(limit)
      .execute();
  }

  async save(row: Insertable<ArchiveReportsTable>): Promise<void> {
    const { release_id: _releaseId, ...update } = row;
    await this.db
      .insertInto('archive_reports')
      .values(row)
      .onConflict((conflict) => conflict.column('release_id').doUpdateSet(update))
      .execute();
  }

  async analyserVersionOf(releaseId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('archive_reports')
      .select('analyser_version')
      .where('release_id', '=', releaseId)
      .executeTakeFirst();
    return row?.analyser_version ?? null;
  }

  find(releaseId: string): Promise<ArchiveReportRow | undefined> {
    return this.db.selectFrom('archive_reports').selectAll().where('release_id', '=', releaseId).executeTakeFirst();
  }

  /** The analysis outcome of each of the releases that has a report; large reports are left out. */
  outcomesOf(releaseIds: string[]): Promise<Array<Pick<ArchiveReportRow, 'release_id' | 'status' | 'refused_reason'>>> {
    if (releaseIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('archive_reports')
      .select(['release_id', 'status', 'refused_reason'])
      .where('release_id', 'in', releaseIds)
      .execute();
  }

  /**
   * The newest release (any status) of each product `owner` has, or, with no owner, of each product
   * awaiting an admin: Pending itself or with a Pending release. Reports are left out: they may be large.
   */
  async newestReleases(owner: string | null): Promise<CheckedRelease[]> {
    const releases = await this.db
      .selectFrom('product_releases as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select(['r.product_id', 'r.id as release_id', 'r.version'])
      .where('p.status', '!=', 'Deleted')
      .$call((query) =>
        owner
          ? query.where('p.user_id', '=', owner)
          : query.where((eb) =>
              eb.or([
                eb('p.status', '=', 'Pending'),
                eb.exists(
                  eb
                    .selectFrom('product_releases as waiting')
                    .select('waiting.id')
                    .whereRef('waiting.product_id', '=', 'p.id')
                    .where('waiting.status', '=', 'Pending'),
                ),
              ]),
            ),
      )
      .orderBy('r.product_id')
      .orderBy('r.version_major', 'desc')
      .orderBy('r.version_minor', 'desc')
      .orderBy('r.version_patch', 'desc')
      .execute();
    const newest = new Map<string, (typeof releases)[number]>();
    for (const release of releases) if (!newest.has(release.product_id)) newest.set(release.product_id, release);
    if (newest.size === 0) return [];
    const reports = await this.db
      .selectFrom('archive_reports')
      .select(['release_id', 'status', 'refused_reason', 'warnings_json', 'engine'])
      .select(
        (this.db.getExecutor().adapter instanceof PostgresAdapter
          ? sql<string | null>`(report_json::json -> 'licences')::text`
          : sql<string | null>`json_extract(report_json, '$.licences')`
        ).as('licences_json'),
      )
      .where(
        'release_id',
        'in',
        [...newest.values()].map((release) => release.release_id),
      )
      .execute();
    const reportOf = new Map(reports.map((report) => [report.release_id, report]));
    return [...newest.values()].map((release) => {
      const report = reportOf.get(release.release_id);
      return {
        ...release,
        report_status: report?.status ?? null,
        refused_reason: report?.refused_reason ?? null,
        warnings_json: report?.warnings_json ?? null,
        engine: report?.engine ?? null,
        licences_json: report?.licences_json ?? null,
      };
    });
  }
}
