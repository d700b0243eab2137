import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { badRequest } from '../../platform/errors.js';

/** zxcvbn's score runs 0–4; below 3 ("safely unguessable" against an online attack) is refused. */
const MIN_SCORE = 3;
/** A passphrase this long is accepted outright: zxcvbn's matching slows down sharply on long inputs. */
export const LONG_PASSPHRASE_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes about a third of a second, which start-up need not pay. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    // The default (100) lets a 25-character password with digits cost half a second of CPU and a 63-character
    // one of l33t-able characters 1.7 s, per sign-up request: a cheap way to tie up the server. At 20 the same
    // passwords cost 50 ms and 200 ms, and the common l33t spellings ("p4ssw0rd") are still caught.
    l33tMaxSubstitutions: 20,
  });
  return estimator;
}

/** The person's own name and email, word by word, so "adalovelace1" is as weak for Ada as "password1". */
function personalWords(person: { name?: string; email?: string }): string[] {
  const pieces = [person.name ?? '', person.email ?? ''];
  const words = pieces.flatMap((piece) => [piece, piece.replace(/[^\p{L}\p{N}]+/gu, ''), ...piece.split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** Why the password is weak, in one sentence for the form, or null when it is strong enough. */
export function weakPasswordReason(password: string, person: { name?: string; email?: string }): string | null {
  if (password.length >= LONG_PASSPHRASE_LENGTH) return null;
  const { score, feedback } = strengthEstimator().check(password, personalWords(person));
  if (score >= MIN_SCORE) return null;
  const warning = feedback.warning ? `: ${feedback.warning.charAt(0).toLowerCase()}${feedback.warning.slice(1).replace(/\.$/, '')}` : '';
  const suggestions = feedback.suggestions.length > 0 ? feedback.suggestions.join(' ') : 'Add another word or two.';
  return `This password is too easy to guess${warning}. ${suggestions}`;
}

/** Throws 400 with the reason when the password is too easy to guess. */
export function assertStrongPassword(password: string, person: { name?: string; email?: string }): void {
  const reason = weakPasswordReason(password, person);
  if (reason) throw badRequest(reason, 'password');
}
