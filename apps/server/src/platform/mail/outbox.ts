import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AfterCommit } from '../../db/unit-of-work.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';
import type { MailTransport, OutgoingMail } from './transport.js';

/** Mails sent in one round; the rest wait for the next round. */
const ROUND_SIZE = 50;

/**
 * How long a claimed mail belongs to its sender. Longer than one send can take (the SMTP
 * transport gives up after at most ~40 s of timeouts), so a live sender never loses a mail it is
 * still sending; short, so a mail whose sender crashed between claiming and marking is retried
 * by another instance within minutes.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** However often a mail failed, it is tried again at least this often. */
const LONGEST_RETRY_MS = 60 * 60_000;

/**
 * Mail goes through a stored outbox: a mail is first a row, so nothing is lost when the mail
 * server is down or not configured. With a transport (SMTP_URL) every round tries the unsent
 * rows that are due, marks each sent or keeps its last error and when to retry: after
 * MAIL_RETRY_SECONDS, then twice as long after each further failure, up to an hour. A round runs
 * after every new mail, at start, and every MAIL_RETRY_SECONDS (see jobs.ts).
 * Several instances may share the database: a mail is sent only by the instance that claimed it.
 * Without a transport the rows stay stored and each new mail is logged.
 */
export class MailOutbox {
  private round: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport | null,
    private readonly clock: Clock,
    private readonly log: Pick<Logger, 'info' | 'warn'>,
    private readonly retryMs: number,
  ) {}

  /** Stores the mail and starts a delivery round in the background; the caller never waits on the mail server. */
  async enqueue(mail: OutgoingMail): Promise<void> {
    const row = this.rowOf(mail);
    await this.outbox.insert(row);
    this.stored([row]);
  }

  /** The outbox row of a mail. */
  private rowOf(mail: OutgoingMail): OutboxRow {
    return {
      id: newId(),
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      reply_to: mail.replyTo ?? null,
      created_at: this.clock.now().toISOString(),
      sent_at: null,
      last_error: null,
      claimed_until: null,
      attempts: 0,
    };
  }

  /** Stores mails in the caller's unit of work; they go to delivery once it has committed. */
  async queue(trx: Kysely<Database>, afterCommit: AfterCommit, mails: readonly OutgoingMail[]): Promise<void> {
    if (mails.length === 0) return;
    const rows = mails.map((mail) => this.rowOf(mail));
    await this.outbox.insertMany(rows, trx);
    afterCommit(() => this.stored(rows));
  }

  /** Mails now committed to the outbox: delivered in the background (or, without SMTP, logged). */
  stored(rows: readonly OutboxRow[]): void {
    if (rows.length === 0) return;
    if (!this.transport) {
      for (const row of rows.slice(0, 5)) {
        this.log.info(
          { mailId: row.id, to: row.to_address, subject: row.subject },
          'mail stored in the outbox; SMTP_URL is not set, so it is not sent',
        );
      }
      if (rows.length > 5) this.log.info({ count: rows.length - 5 }, 'more mails stored in the outbox');
      return;
    }
    void this.deliverPending();
  }

  /** Sends every unsent mail; one round at a time per process (a call during a round runs one more after it). */
  deliverPending(): Promise<void> {
    if (!this.transport) return Promise.resolve();
    if (this.round) {
      this.again = true;
      return this.round;
    }
    this.round = this.runRounds().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  /** Mails stored and not yet sent (for metrics). */
  backlog(): Promise<number> {
    return this.outbox.countUnsent();
  }

  /** Resolves once no delivery round is running (tests and shutdown wait on it). */
  async settled(): Promise<void> {
    while (this.round) await this.round;
  }

  close(): void {
    this.transport?.close();
  }

  private async runRounds(): Promise<void> {
    do {
      this.again = false;
      try {
        const candidates = await this.outbox.claimable(this.clock.now().toISOString(), ROUND_SIZE);
        for (const row of candidates) {
          const now = this.clock.now();
          const claimed = await this.outbox.claim(row.id, now.toISOString(), new Date(now.getTime() + CLAIM_LEASE_MS).toISOString());
          // Another instance took it since the read: it sends the mail, this one must not.
          if (claimed) await this.deliver(row, fromRow(row));
        }
      } catch (error) {
        this.log.warn({ err: error }, 'mail outbox round failed');
      }
    } while (this.again);
  }

  private async deliver(row: OutboxRow, mail: OutgoingMail): Promise<void> {
    try {
      await this.transport!.send(mail);
      await this.outbox.markSent(row.id, this.clock.now().toISOString());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const waitMs = Math.min(this.retryMs * 2 ** Number(row.attempts), Math.max(LONGEST_RETRY_MS, this.retryMs));
      const retryAt = new Date(this.clock.now().getTime() + waitMs);
      this.log.warn({ mailId: row.id, err: error, retryAt }, 'mail could not be sent; it stays in the outbox and is retried');
      await this.outbox.markFailed(row.id, message.slice(0, 1000), retryAt.toISOString());
    }
  }
}

function fromRow(row: OutboxRow): OutgoingMail {
  return {
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    replyTo: row.reply_to ?? undefined,
  };
}
