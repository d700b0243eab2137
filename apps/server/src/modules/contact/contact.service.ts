import type { ContactBody, ContactMessage, SessionUser } from '@market/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.js';
import { forbidden } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type MailOutbox, renderMail } from '../../platform/mail/index.js';
import { type ContactMessageRow, ContactRepository } from './contact.repository.js';
import { canReadContactMessages } from './policies.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Header values come from a visitor: one line, bounded. */
const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

export interface ContactServiceDependencies {
  db: Kysely<Database>;
  mail: MailOutbox;
  clock: Clock;
  recipient: string | null;
  log: Pick<Logger, 'info'>;
}

/**
 * Every contact message is stored; with a recipient (CONTACT_TO, else ADMIN_EMAIL) it is also
 * mailed through the outbox. The visitor's answer never depends on the mail server.
 */
export class ContactService {
  private readonly messages: ContactRepository;
  private readonly mail: MailOutbox;
  private readonly clock: Clock;
  private readonly recipient: string | null;
  private readonly log: Pick<Logger, 'info'>;

  constructor({ db, mail, clock, recipient, log }: ContactServiceDependencies) {
    this.messages = new ContactRepository(db);
    this.mail = mail;
    this.clock = clock;
    this.recipient = recipient;
    this.log = log;
  }

  async send(body: ContactBody): Promise<void> {
    const row: ContactMessageRow = {
      id: newId(),
      name: body.name,
      email: body.email,
      company_name: body.companyName,
      message: body.message,
      created_at: this.clock.now().toISOString(),
    };
    await this.messages.insert(row);
    if (!this.recipient) {
      this.log.info({ contactMessageId: row.id }, 'contact message stored; no CONTACT_TO or ADMIN_EMAIL, so it is not mailed');
      return;
    }
    await this.mail.enqueue(
      renderMail({
        to: this.recipient,
        subject: `Contact form: ${oneLine(body.name, 80)} (${oneLine(body.companyName, 120)})`,
        heading: 'A message from the contact form',
        paragraphs: [body.message],
        details: [
          ['Name', body.name],
          ['Email', body.email],
          ['Company', body.companyName],
        ],
        footnote: 'Reply to this mail to answer the sender.',
        replyTo: body.email,
      }),
    );
  }

  async list(actor: SessionUser): Promise<ContactMessage[]> {
    if (!canReadContactMessages(actor)) throw forbidden('Only an admin can read contact messages');
    return (await this.messages.list()).map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      companyName: row.company_name,
      message: row.message,
      createdAt: row.created_at,
    }));
  }
}
