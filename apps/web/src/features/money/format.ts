import { dollarsToCents, formatUsd } from '@market/contracts';

/** A USD amount as the server sends it (dollars), shown with two decimals. */
export const usd = (dollars: number) => formatUsd(dollarsToCents(dollars));

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
