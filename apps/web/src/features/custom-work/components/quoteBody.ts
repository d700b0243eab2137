import { dollarsToCents, MAX_CUSTOM_WORK_MILESTONES } from '@market/contracts';
import { firstErrorPerField, type FieldErrors as ErrorsOf, type FieldIssue } from '@/components/useFieldForm';

/** The form's fields, named as the quote's body, so the server's field errors land on them. */
export const QUOTE_FIELDS = ['scopeHtml', 'priceCents', 'dueAt', 'milestones'] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];
export type QuoteErrors = ErrorsOf<QuoteField>;

export interface MilestoneRow {
  /** Kept across removals, so React and the focus follow the row, not its place. */
  key: number;
  title: string;
  amount: string;
}

/** What the inputs hold, as typed: the scope as plain text, the price in dollars, the date as `input type=date` gives it. */
export interface QuoteFormValues {
  scopeHtml: string;
  priceCents: string;
  dueAt: string;
  milestones: MilestoneRow[];
}

export const NEW_QUOTE: QuoteFormValues = { scopeHtml: '', priceCents: '', dueAt: '', milestones: [] };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/**
 * The scope as the rich text the order's page shows: a paragraph per blank-line-separated block, a
 * line break per single newline. Escaped, so markup typed into the box reads as typed; the server
 * sanitises it again. Whitespace alone is '' and the schema asks to describe the work.
 */
export function scopeHtmlOf(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split(/\r?\n/).map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/**
 * Dollars as typed, in cents: undefined when empty (the schema asks for it), NaN when no amount of
 * dollars and cents (the form says how to type it). A "$" and thousands commas are allowed.
 */
export function typedCents(text: string): number | undefined {
  const bare = text.trim().replace(/^\$/, '').replaceAll(',', '').trim();
  if (bare === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(bare) ? dollarsToCents(Number(bare)) : Number.NaN;
}

/** The day chosen, due by its end in UTC, so the seller has the whole day wherever the buyer is. */
export const dueAtOf = (day: string): string | undefined => (day === '' ? undefined : `${day}T23:59:00.000Z`);

/** The body to check with customWorkQuoteBodySchema; no milestones leaves the server to make one of the whole price. */
export function bodyOf(values: QuoteFormValues, buyerId: string, productId: string): Record<string, unknown> {
  return {
    buyerId,
    productId,
    scopeHtml: scopeHtmlOf(values.scopeHtml),
    priceCents: typedCents(values.priceCents),
    dueAt: dueAtOf(values.dueAt),
    ...(values.milestones.length > 0
      ? { milestones: values.milestones.map((row) => ({ title: row.title, amountCents: typedCents(row.amount) })) }
      : {}),
  };
}

const HOW_TO_TYPE = 'in dollars and cents, e.g. 250 or 249.99';

/** An issue in the form's words where the schema's speak of cents or ISO times the seller never typed. */
function wordsFor(field: string, issue: FieldIssue & { code?: string }, typed: string | undefined): string {
  if (field === 'priceCents' || field === 'amountCents') {
    const what = field === 'priceCents' ? 'the price' : 'the amount';
    if (typed?.trim() === '') return `Give ${what} ${HOW_TO_TYPE}`;
    if (issue.code === 'invalid_type') return `Type ${what} ${HOW_TO_TYPE}`;
  }
  if (field === 'dueAt' && (issue.code === 'invalid_type' || issue.code === 'invalid_format')) return 'Choose the delivery date';
  return issue.message;
}

/** The first message for each field, from the schema's issues; a milestone row's own issues are left to rowErrorsOf. */
export function fieldErrorsOf(issues: readonly (FieldIssue & { code?: string })[], values: QuoteFormValues): QuoteErrors {
  const typed: Partial<Record<QuoteField, string>> = { priceCents: values.priceCents, dueAt: values.dueAt };
  return firstErrorPerField(
    QUOTE_FIELDS,
    issues.filter((issue) => !isRowIssue(issue)),
    (field, issue) => wordsFor(field, issue, typed[field]),
  );
}

/** A milestone row's issue: ['milestones', 2, 'title'], or from the server 'milestones.2.title' split. */
export const isRowIssue = (issue: FieldIssue) => issue.path[0] === 'milestones' && issue.path.length >= 3;

/** A row's errors, by `${index}.title` or `${index}.amountCents`. */
export type RowErrors = Partial<Record<string, string>>;

export function rowErrorsOf(issues: readonly (FieldIssue & { code?: string })[], values: QuoteFormValues): RowErrors {
  const errors: RowErrors = {};
  for (const issue of issues.filter(isRowIssue)) {
    const index = Number(issue.path[1]);
    const field = String(issue.path[2]);
    errors[`${index}.${field}`] ??= wordsFor(field, issue, field === 'amountCents' ? (values.milestones[index]?.amount ?? '') : undefined);
  }
  return errors;
}

export const canAddMilestone = (values: QuoteFormValues) => values.milestones.length < MAX_CUSTOM_WORK_MILESTONES;
