import { dollarsToCents, formatUsd } from '@market/contracts';

export const usd = (dollars: number) => formatUsd(dollarsToCents(dollars));

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
