import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same mail as HTML; sent with the text as its plain alternative. */
  html?: string | undefined;
  /** Where a reply goes (the visitor who wrote), so the admin can answer from the mail client. */
  replyTo?: string | undefined;
}

/** Hands one mail to a mail server; rejects when the server does not accept it. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer. `url` is smtp://user:password@host:port (STARTTLS when the server
 * offers it) or smtps://… (TLS from the first byte). Short timeouts: a mail server that does not
 * answer must not hold the outbox for minutes, the next round retries.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
    close: () => transporter.close(),
  };
}
