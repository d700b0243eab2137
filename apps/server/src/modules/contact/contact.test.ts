import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MailOutbox, OutboxRepository, smtpTransport } from '../../platform/mail/index.js';
import { buildTestApp, createUser, injectAs, type TestContext } from '../../test/helper.js';
import { startSmtpServer } from '../../test/smtp.js';

const message = (overrides: Record<string, string> = {}) => ({
  name: 'Dana Studio',
  email: 'dana@studio.example',
  companyName: 'Dana Games Ltd',
  message: 'We would like a port of our puzzle game.\nBudget: flexible.',
  ...overrides,
});

const sendContact = (ctx: TestContext, payload: Record<string, string>, remoteAddress = '198.51.100.30') =>
  ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

/** A local port where nothing listens: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('contact', () => {
  it('stores the message and mails it to CONTACT_TO through SMTP, marking the mail sent', async () => {
    const smtp = await startSmtpServer();
    const ctx = await buildTestApp({ SMTP_URL: smtp.url, CONTACT_TO: 'owner@market.example', MAIL_FROM: 'Market <mail@market.example>' });

    const response = await sendContact(ctx, message());
    await ctx.services.mail.settled();

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Success: Your message has been sent successfully' });
    expect(await ctx.db.selectFrom('contact_messages').select(['name', 'email', 'company_name', 'message']).execute()).toEqual([
      {
        name: 'Dana Studio',
        email: 'dana@studio.example',
        company_name: 'Dana Games Ltd',
        message: 'We would like a port of our puzzle game.\nBudget: flexible.',
      },
    ]);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['owner@market.example']);
    expect(mail!.from).toBe('mail@market.example');
    expect(mail!.raw).toMatch(/^Subject: Contact form: Dana Studio \(Dana Games Ltd\)$/m);
    expect(mail!.raw).toMatch(/^Reply-To: dana@studio.example$/m);
    expect(mail!.raw).toContain('Company: Dana Games Ltd');
    expect(mail!.raw).toContain('We would like a port of our puzzle game.\r\nBudget: flexible.');
    const outbox = await ctx.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(outbox.sent_at).not.toBeNull();
    expect(outbox.last_error).toBeNull();
  });

  it('mails ADMIN_EMAIL when CONTACT_TO is not set', async () => {
    const smtp = await startSmtpServer();
    const ctx = await buildTestApp({ SMTP_URL: smtp.url, ADMIN_EMAIL: 'boss@market.example', ADMIN_PASSWORD: 'long-enough-password' });

    await sendContact(ctx, message());
    await ctx.services.mail.settled();

    expect(smtp.received.map((mail) => mail.to)).toEqual([['boss@market.example']]);
  });

  it('still answers success and keeps the message when the mail server is down, with the error on the unsent mail', async () => {
    const port = await closedPort();
    const ctx = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_TO: 'owner@market.example' });

    const response = await sendContact(ctx, message());
    await ctx.services.mail.settled();

    expect(response.statusCode).toBe(201);
    expect(await ctx.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
    const failed = await ctx.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('delivers mails left in the outbox once the mail server is reachable again', async () => {
    const smtp = await startSmtpServer();
    const port = Number(new URL(smtp.url).port);
    const down = await closedPort();
    const ctx = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${down}`, CONTACT_TO: 'owner@market.example' });
    await sendContact(ctx, message({ name: 'Early Bird' }));
    await ctx.services.mail.settled();
    const row = await ctx.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.last_error).not.toBeNull();

    // A later start (SMTP back, past the retry wait) picks the stored row up: same database, a mailer pointing at the live server.
    ctx.clock.advance(60_001);
    const restarted = new MailOutbox(
      new OutboxRepository(ctx.db),
      smtpTransport(`smtp://127.0.0.1:${port}`, 'Market <mail@market.example>'),
      ctx.clock,
      { info: () => {}, warn: () => {} },
      60_000,
    );
    await restarted.deliverPending();
    restarted.close();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toMatch(/^Subject: Contact form: Early Bird/m);
    const sent = await ctx.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.last_error).toBeNull();
  });

  it('without SMTP_URL keeps the mail stored and unsent', async () => {
    const ctx = await buildTestApp({ CONTACT_TO: 'owner@market.example' });

    const response = await sendContact(ctx, message());

    expect(response.statusCode).toBe(201);
    const rows = await ctx.db.selectFrom('mail_outbox').select(['to_address', 'sent_at', 'reply_to']).execute();
    expect(rows).toEqual([{ to_address: 'owner@market.example', sent_at: null, reply_to: 'dana@studio.example' }]);
  });

  it('answers "Field with * should be filled" when a field is empty, storing nothing', async () => {
    const ctx = await buildTestApp();

    const response = await sendContact(ctx, message({ companyName: ' ' }));
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', message: 'Hi' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Field with * should be filled');
    expect(missing.json().message).toBe('Field with * should be filled');
    expect(await ctx.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it('lists contact messages to an admin only', async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const user = await createUser(ctx);
    await sendContact(ctx, message());

    const asAdmin = await injectAs(ctx, admin, { method: 'GET', url: '/api/contact' });

    expect(asAdmin.json()).toEqual([
      expect.objectContaining({ name: 'Dana Studio', email: 'dana@studio.example', companyName: 'Dana Games Ltd' }),
    ]);
    expect((await injectAs(ctx, user, { method: 'GET', url: '/api/contact' })).statusCode).toBe(403);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/contact' })).statusCode).toBe(401);
  });

  it('answers 429 once an address has sent more messages than the limit', async () => {
    const ctx = await buildTestApp({ FORMS_RATE_LIMIT_PER_MINUTE: '2' });

    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await sendContact(ctx, message())).statusCode);

    expect(statuses).toEqual([201, 201, 429]);
    expect(await ctx.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(2);
  });
});
