import type { Earnings } from '@market/contracts';
import { formatDollars } from '@/lib/format';

export interface MoneyCard {
  label: string;
  value: number;
  note?: string;
}

/** Why a balance is below zero, said beside it (the red figure alone would not tell a screen reader). */
function balanceNote(earnings: Earnings, otherwise?: string): string | undefined {
  if (earnings.availableBalance >= 0) return otherwise;
  return `Below zero: ${formatDollars(earnings.refunded)} refunded to buyers after you had withdrawn. New sales bring it back; withdrawals wait until then.`;
}

/** The balance card of both pages: red, with its reason, when refunds took it below zero. */
export function balanceCard(earnings: Earnings, note?: string): MoneyCard {
  const card: MoneyCard = { label: 'Available Balance', value: earnings.availableBalance };
  const explained = balanceNote(earnings, note);
  return explained ? { ...card, note: explained } : card;
}

const refundedNote = (earnings: Earnings, otherwise?: string) =>
  earnings.refunded > 0 ? `After ${formatDollars(earnings.refunded)} refunded` : otherwise;

/** Figures as a row of cards: four across on wide screens, two on tablets, one on phones. */
export function MoneyCards({ cards, label }: { cards: MoneyCard[]; label: string }) {
  return (
    <ul className="money-cards" aria-label={label}>
      {cards.map((card) => (
        <li key={card.label} className={`money-card${card.value < 0 ? ' money-card-negative' : ''}`}>
          <span className="money-card-label">{card.label}</span>
          <span className="money-card-value">{formatDollars(card.value)}</span>
          {card.note && <span className="money-card-note">{card.note}</span>}
        </li>
      ))}
    </ul>
  );
}

/** docs/product-spec.md §2.8: the earnings page's four cards (licence prices only, no reskin), refunds taken off. */
export function earningsCards(earnings: Earnings): MoneyCard[] {
  const total: MoneyCard = { label: 'Total Earnings', value: earnings.totalEarnings };
  const totalNote = refundedNote(earnings);
  return [
    totalNote ? { ...total, note: totalNote } : total,
    { label: 'Pending Withdrawals', value: earnings.pendingWithdrawals },
    { label: 'Withdrawn', value: earnings.withdrawn },
    balanceCard(earnings, 'Earnings minus pending and withdrawn'),
  ];
}

/** The dashboard's four cards: reskin sales in its total, refunds taken off both totals. */
export function dashboardCards(earnings: Earnings): MoneyCard[] {
  return [
    { label: 'Dashboard Total', value: earnings.dashboardTotal, note: refundedNote(earnings, 'Licence and reskin sales')! },
    { label: 'Total Earnings', value: earnings.totalEarnings, note: refundedNote(earnings, 'Licence sales')! },
    { label: 'Pending Withdrawals', value: earnings.pendingWithdrawals },
    balanceCard(earnings),
  ];
}
