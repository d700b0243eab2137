import { fieldPath, issueMessage } from '@market/contracts';
import type { z } from 'zod';
import { badRequest } from '../platform/errors.js';
import { refuseNulCharacter } from './request-text.js';

/** zod's own wording ("Invalid option…", "Too small…"), which reads well only after the field's label. */
const GENERIC_MESSAGE = /^(Invalid|Expected|Too |Unrecognized)/i;

/**
 * The one way a multipart form's text fields are validated: through the contract's schema, as JSON
 * bodies are by the route schemas. A refusal answers 400 with the first problem's message and its
 * field (so the form marks it); zod's generic wording gets the field's label in front
 * (`Category: Invalid option…`, `Title (fr): Too long…`), a message written for the form stands alone.
 */
export function parseFormFields<Schema extends z.ZodType>(
  schema: Schema,
  fields: Record<string, unknown>,
  labels: Readonly<Record<string, string>> = {},
): z.output<Schema> {
  refuseNulCharacter(fields);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const message = issueMessage(issue);
  if (issue.code === 'unrecognized_keys') throw badRequest(message);
  const field = fieldPath(issue.path);
  const label = labels[String(issue.path[0] ?? '')];
  const language = issue.path.length > 1 && typeof issue.path[1] === 'string' ? ` (${issue.path[1]})` : '';
  throw badRequest(GENERIC_MESSAGE.test(message) && label ? `${label}${language}: ${message}` : message, field || undefined);
}
