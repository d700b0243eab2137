import type { Earnings } from '@market/contracts';
import { formatDollars } from '@/lib/format';

export interface MoneyCard {
  label: string;
  value: number;
  note?: string;
}

/** Figures as a row of cards: four across on wide screens, two on tablets, one on phones. */
export function MoneyCards({ cards, label }: { cards: MoneyCard[]; label: string }) {
  return (
    <ul className="money-cards" aria-label={label}>
      {cards.map((card) => (
        <li key={card.label} className="money-card">
          <span className="money-card-label">{card.label}</span>
          <span className="money-card-value">{formatDollars(card.value)}</span>
          {card.note && <span className="money-card-note">{card.note}</span>}
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md 2.8: the earnings page's four cards (licence prices only, no reskin). */
export function earningsCards(earnings: Earnings): MoneyCard[] {
  return [
    { label: 'Total Earnings', value: earnings.totalEarnings },
    { label: 'Pending Withdrawals', value: earnings.pendingWithdrawals },
    { label: 'Withdrawn', value: earnings.withdrawn },
    { label: 'Available Balance', value: earnings.availableBalance, note: 'Earnings minus pending and withdrawn' },
  ];
}
