export { CLAIM_LEASE_MS, MailOutbox } from './outbox.js';
export { OutboxRepository, type OutboxRow } from './outbox.repository.js';
export { smtpTransport, type MailTransport, type OutgoingMail } from './transport.js';
export { renderMail, type MailContent } from './templates.js';
