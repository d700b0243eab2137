import type { PayoutAccountState } from '@market/contracts';

/** Stripe's requirement names in words, by their most specific known prefix; several names may share one phrase. */
const REQUIREMENTS: [prefix: string, words: string][] = [
  ['external_account', 'A bank account to receive payouts'],
  ['business_type', 'Whether you sell as an individual or a company'],
  ['business_profile.url', 'Your website or a page showing what you sell'],
  ['business_profile.mcc', 'What kind of business you run'],
  ['business_profile', 'Your business profile'],
  ['individual.first_name', 'Your first name'],
  ['individual.last_name', 'Your last name'],
  ['individual.dob', 'Your date of birth'],
  ['individual.address', 'Your home address'],
  ['individual.email', 'Your email address'],
  ['individual.phone', 'Your phone number'],
  ['individual.ssn_last_4', 'The last 4 digits of your Social Security number'],
  ['individual.id_number', 'Your tax identification number'],
  ['individual.verification', 'A photo of an identity document'],
  ['company.tax_id', "Your company's tax ID"],
  ['company', "Your company's details"],
  ['representative', "Details of the company's representative"],
  ['tos_acceptance', "Accepting Stripe's terms of service"],
];

/** What Stripe asks for, in words, each once, in Stripe's order. */
export function requirementsInWords(names: readonly string[]): string[] {
  const words = names.map((name) => {
    const known = REQUIREMENTS.find(([prefix]) => name === prefix || name.startsWith(`${prefix}.`));
    return known ? known[1] : name.replaceAll(/[._]/g, ' ');
  });
  return [...new Set(words)];
}

/** Why Stripe stopped payouts, in words; null when the state already says it. */
export function disabledReasonInWords(reason: string | null, state: PayoutAccountState): string | null {
  if (!reason || state === 'enabled') return null;
  if (reason === 'requirements.past_due' || reason === 'requirements.pending_verification') return null;
  if (reason.startsWith('rejected')) return 'Stripe has closed this account to payouts. Please contact Stripe support.';
  if (reason === 'under_review') return 'Stripe is reviewing this account; payouts wait until it has finished.';
  return `Stripe has paused payouts (${reason}).`;
}
