import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.js';
import { unitOfWork } from './unit-of-work.js';

const lease = (name: string) => ({ name, holder: 'unit-of-work-test', held_until: '2099-01-01T00:00:00.000Z' });

function recordingLog() {
  const errors: unknown[] = [];
  return { errors, log: { error: (object: unknown) => void errors.push(object) } };
}

describe('a unit of work', () => {
  it('runs its effects after the commit, in order, where they see the committed rows', async () => {
    const { db } = await buildTestApp();
    const { log } = recordingLog();
    const inTransaction = unitOfWork(db, log);
    const seen: string[] = [];

    const answer = await inTransaction(async (trx, afterCommit) => {
      await trx.insertInto('job_leases').values(lease('first')).execute();
      afterCommit(async () => {
        // Read outside the transaction: on PostgreSQL another connection, so only a committed row shows.
        const row = await db.selectFrom('job_leases').select('name').where('name', '=', 'first').executeTakeFirst();
        seen.push(`first ${row ? 'committed' : 'missing'}`);
      });
      afterCommit(() => void seen.push('second'));
      seen.push('work done');
      return 42;
    });

    expect(answer).toBe(42);
    expect(seen).toEqual(['work done', 'first committed', 'second']);
  });

  it('never runs an effect of a rolled-back transaction, and keeps none of its rows', async () => {
    const { db } = await buildTestApp();
    const { log } = recordingLog();
    const inTransaction = unitOfWork(db, log);
    let told = false;

    await expect(
      inTransaction(async (trx, afterCommit) => {
        await trx.insertInto('job_leases').values(lease('doomed')).execute();
        afterCommit(() => {
          told = true;
        });
        throw new Error('the rule said no');
      }),
    ).rejects.toThrow('the rule said no');

    expect(told).toBe(false);
    expect(await db.selectFrom('job_leases').select('name').where('name', '=', 'doomed').execute()).toEqual([]);
  });

  it('logs a failing effect and still runs the ones after it: the write stands', async () => {
    const { db } = await buildTestApp();
    const { errors, log } = recordingLog();
    const inTransaction = unitOfWork(db, log);
    let laterRan = false;

    await inTransaction(async (trx, afterCommit) => {
      await trx.insertInto('job_leases').values(lease('kept')).execute();
      afterCommit(() => {
        throw new Error('the event bus is down');
      });
      afterCommit(() => {
        laterRan = true;
      });
    });

    expect(laterRan).toBe(true);
    expect(errors).toHaveLength(1);
    expect(await db.selectFrom('job_leases').select('name').where('name', '=', 'kept').execute()).toEqual([{ name: 'kept' }]);
  });
});
