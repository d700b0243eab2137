import { withoutInvisibleCharacters } from '@market/contracts';
import type { OutgoingMail } from './transport.js';

/** What every mail of the marketplace says, in one shape: the one template set. */
export interface MailContent {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs of plain text. */
  paragraphs: readonly string[];
  /** Label and value pairs, e.g. the lines of a receipt. */
  details?: ReadonlyArray<readonly [label: string, value: string]>;
  /** The one thing to do next: a button in HTML, a link in the text. */
  action?: { label: string; url: string };
  /** Small print under everything. */
  footnote?: string;
  replyTo?: string;
}

/** Names in a mail may be stored ones from before the rules refused invisible characters: none reach a mail. */
const line = (text: string) => withoutInvisibleCharacters(text);
const lines = (text: string) => withoutInvisibleCharacters(text, { keepLineBreaks: true });

function visibleOnly(content: MailContent): MailContent {
  return {
    ...content,
    subject: line(content.subject),
    heading: line(content.heading),
    paragraphs: content.paragraphs.map(lines),
    ...(content.details ? { details: content.details.map(([label, value]) => [line(label), lines(value)] as const) } : {}),
    ...(content.action ? { action: { label: line(content.action.label), url: content.action.url } } : {}),
    ...(content.footnote ? { footnote: lines(content.footnote) } : {}),
  };
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * The mail as plain text and as HTML that phone mail apps show well: one column at most 560 px
 * wide, inline styles (mail clients drop style sheets), tables for layout, system fonts only,
 * every value escaped. Text is the alternative for clients that show no HTML.
 */
export function renderMail(written: MailContent): OutgoingMail {
  const content = visibleOnly(written);
  return {
    to: content.to,
    subject: content.subject,
    text: textOf(content),
    html: htmlOf(content),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
}

function textOf({ heading, paragraphs, details = [], action, footnote }: MailContent): string {
  const blocks = [heading, ...paragraphs];
  if (details.length > 0) blocks.push(details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (action) blocks.push(`${action.label}: ${action.url}`);
  if (footnote) blocks.push(footnote);
  return `${blocks.join('\n\n')}\n\n— Source Code Marketplace\n`;
}

function htmlOf({ subject, heading, paragraphs, details = [], action, footnote }: MailContent): string {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2333;white-space:pre-line">${escapeHtml(text)}</p>`;
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:#5b6075;vertical-align:top">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;font-size:14px;color:#1f2333;text-align:right;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e4e6f1;border-bottom:1px solid #e4e6f1;margin:0 0 20px">${rows}</table>`
    : '';
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px"><tr><td style="border-radius:8px;background:#4f46e5">` +
      `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 22px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(action.label)}</a>` +
      `</td></tr></table>`
    : '';
  const small = footnote ? `<p style="margin:0;font-size:13px;line-height:1.5;color:#5b6075">${escapeHtml(footnote)}</p>` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f5fa;font-family:${FONT}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5fa"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">` +
    `<tr><td style="padding:20px 24px;background:#1c1f3b;border-radius:12px 12px 0 0;font-size:18px;font-weight:700;color:#ffffff">Source<span style="color:#f5a524">Market</span></td></tr>` +
    `<tr><td style="padding:24px">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1f2333">${escapeHtml(heading)}</h1>` +
    paragraphs.map(paragraph).join('') +
    table +
    button +
    small +
    `</td></tr></table></td></tr></table></body></html>`
  );
}
