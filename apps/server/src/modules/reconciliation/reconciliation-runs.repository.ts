import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ReconciliationDifferencesTable, ReconciliationRunsTable } from '../../db/schema.js';

export type ReconciliationRunRow = Selectable<ReconciliationRunsTable>;
export type ReconciliationDifferenceRow = Selectable<ReconciliationDifferencesTable>;

/** The runs of the comparison with the provider and their differences; no rule lives here. */
export class ReconciliationRunsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest run, with the name of the admin who asked for it. */
  latest(): Promise<(ReconciliationRunRow & { requested_by_name: string | null }) | undefined> {
    return this.db
      .selectFrom('reconciliation_runs as r')
      .leftJoin('users as u', 'u.id', 'r.requested_by')
      .selectAll('r')
      .select('u.name as requested_by_name')
      .orderBy('r.number', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  differencesOf(runId: string): Promise<ReconciliationDifferenceRow[]> {
    return this.db.selectFrom('reconciliation_differences').selectAll().where('run_id', '=', runId).orderBy('key').execute();
  }

  /** Throws a unique violation when another instance stored a run with this number first. */
  async insert(
    run: Insertable<ReconciliationRunsTable>,
    differences: readonly Insertable<ReconciliationDifferencesTable>[],
  ): Promise<void> {
    await this.db.insertInto('reconciliation_runs').values(run).execute();
    if (differences.length)
      await this.db
        .insertInto('reconciliation_differences')
        .values([...differences])
        .execute();
  }
}
