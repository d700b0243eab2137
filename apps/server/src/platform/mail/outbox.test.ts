import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startBackgroundJobs } from '../../jobs.js';
import { buildTestApp, type TestContext } from '../../test/helper.js';
import { freePort } from '../../test/processes.js';
import { startSmtpServer } from '../../test/smtp.js';
import { CLAIM_LEASE_MS, MailOutbox, OutboxRepository, renderMail, smtpTransport } from './index.js';

const quiet = { info: () => {}, warn: () => {} };

/** Stores mails as an instance without SMTP does: rows in the outbox, nothing sent yet. */
async function storeMails(ctx: TestContext, subjects: string[]): Promise<void> {
  const storing = new MailOutbox(new OutboxRepository(ctx.db), null, ctx.clock, quiet, 60_000);
  for (const subject of subjects) await storing.enqueue({ to: 'owner@market.example', subject, text: `Body of ${subject}` });
}

/** One process's outbox over the test's database, sending to the given SMTP server. */
function senderOver(ctx: TestContext, smtpUrl: string): MailOutbox {
  return new MailOutbox(new OutboxRepository(ctx.db), smtpTransport(smtpUrl, 'Market <mail@market.example>'), ctx.clock, quiet, 60_000);
}

const receivedSubjects = (raws: { raw: string }[]) => raws.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim()).sort();

describe('mail outbox', () => {
  it('sends each stored mail exactly once when two instances deliver over the same database at the same time', async () => {
    const smtp = await startSmtpServer();
    const ctx = await buildTestApp();
    const subjects = ['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5', 'Mail 6'];
    await storeMails(ctx, subjects);
    const first = senderOver(ctx, smtp.url);
    const second = senderOver(ctx, smtp.url);

    await Promise.all([first.deliverPending(), second.deliverPending()]);
    first.close();
    second.close();

    expect(receivedSubjects(smtp.received)).toEqual(subjects);
    const rows = await ctx.db.selectFrom('mail_outbox').select(['sent_at', 'last_error']).execute();
    expect(rows).toHaveLength(subjects.length);
    expect(rows.every((row) => row.sent_at !== null && row.last_error === null)).toBe(true);
  });

  it('sends a mail of the template set as HTML with its plain text as the alternative, every value escaped', async () => {
    const smtp = await startSmtpServer();
    const ctx = await buildTestApp();
    const sender = senderOver(ctx, smtp.url);
    await sender.enqueue(
      renderMail({
        to: 'buyer@market.example',
        subject: 'Space Runner 1.1.0 is available',
        heading: 'Space Runner 1.1.0 is out',
        paragraphs: ['Hello <Jamie>,'],
        details: [['Version', '1.1.0']],
        action: { label: 'Go to my purchases', url: 'https://market.example/userPanel/purchases' },
      }),
    );
    await sender.settled();
    sender.close();

    const [mail] = smtp.received;
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    const [, text, html] = mail!.raw.split(/^--.+$/m);
    expect(text).toMatch(/^Content-Type: text\/plain/m);
    expect(text).toContain('Hello <Jamie>,');
    expect(text).toContain('Go to my purchases: https://market.example/userPanel/purchases');
    expect(html).toMatch(/^Content-Type: text\/html/m);
    // Quoted-printable, as nodemailer sends long lines: soft breaks joined, =XX bytes decoded (ASCII here).
    const decoded = html!
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
    expect(decoded).toContain('Hello &lt;Jamie&gt;,');
    expect(decoded).toContain('<a href="https://market.example/userPanel/purchases"');
  });

  it('leaves a mail claimed by a crashed sender alone until the lease runs out, then sends it once', async () => {
    const smtp = await startSmtpServer();
    const ctx = await buildTestApp();
    await storeMails(ctx, ['Orphaned mail']);
    const { id } = await ctx.db.selectFrom('mail_outbox').select('id').executeTakeFirstOrThrow();
    // The crashed sender claimed the mail and died before sending it or marking it.
    const now = ctx.clock.now();
    expect(await new OutboxRepository(ctx.db).claim(id, now.toISOString(), new Date(now.getTime() + CLAIM_LEASE_MS).toISOString())).toBe(
      true,
    );
    const survivor = senderOver(ctx, smtp.url);

    await survivor.deliverPending();
    const whileClaimed = smtp.received.length;
    ctx.clock.advance(CLAIM_LEASE_MS + 1000);
    await survivor.deliverPending();
    await survivor.deliverPending();
    survivor.close();

    expect(whileClaimed).toBe(0);
    expect(receivedSubjects(smtp.received)).toEqual(['Orphaned mail']);
    const row = await ctx.db.selectFrom('mail_outbox').select(['sent_at', 'claimed_until']).executeTakeFirstOrThrow();
    expect(row.sent_at).toBe(ctx.clock.now().toISOString());
    expect(row.claimed_until).toBeNull();
  });
});

describe('mail retries', () => {
  it('waits MAIL_RETRY_SECONDS after a failure, then twice as long after each further one', async () => {
    const ctx = await buildTestApp();
    await storeMails(ctx, ['Retried mail']);
    const sender = senderOver(ctx, `smtp://127.0.0.1:${await freePort()}`);
    const retryAt = async () => await ctx.db.selectFrom('mail_outbox').select(['claimed_until', 'attempts']).executeTakeFirstOrThrow();

    await sender.deliverPending();
    const first = await retryAt();
    await sender.deliverPending();
    const unchanged = await retryAt();
    const failedAt = ctx.clock.now().getTime();
    ctx.clock.advance(60_001);
    await sender.deliverPending();
    const second = await retryAt();
    sender.close();

    expect(first).toEqual({ claimed_until: new Date(failedAt + 60_000).toISOString(), attempts: 1 });
    expect(unchanged).toEqual(first);
    expect(second).toEqual({ claimed_until: new Date(failedAt + 60_001 + 120_000).toISOString(), attempts: 2 });
  });

  it('delivers mail stored during an SMTP outage once the server is back, with no new mail and no restart, exactly once', async () => {
    const port = await freePort();
    const ctx = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0.2', CONTACT_TO: 'owner@market.example' });
    const jobs = startBackgroundJobs(ctx.services, ctx.config, quiet);
    onTestFinished(() => jobs.stop());
    await ctx.services.mail.enqueue({ to: 'owner@market.example', subject: 'Sent in the outage', text: 'Hello' });
    await ctx.services.mail.settled();
    await sleep(600);
    const duringOutage = await ctx.db.selectFrom('mail_outbox').select(['sent_at', 'attempts']).executeTakeFirstOrThrow();

    const smtp = await startSmtpServer(port);
    ctx.clock.advance(1000);
    for (let waited = 0; smtp.received.length === 0 && waited < 10_000; waited += 100) await sleep(100);
    await sleep(800);

    expect(duringOutage).toEqual({ sent_at: null, attempts: 1 });
    expect(receivedSubjects(smtp.received)).toEqual(['Sent in the outage']);
    const row = await ctx.db.selectFrom('mail_outbox').select(['sent_at', 'last_error']).executeTakeFirstOrThrow();
    expect(row).toEqual({ sent_at: ctx.clock.now().toISOString(), last_error: null });
  });
});
