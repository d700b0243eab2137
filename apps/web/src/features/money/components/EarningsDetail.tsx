import { QueryView } from '@/components/query-view';
import { useEarnings } from '../api/earnings';
import { earningsCards, MoneyCards } from './MoneyCards';
import '../money.css';

/** /userPanel/earnings-detail: total earnings, pending withdrawals, withdrawn, available balance. */
export function EarningsDetail() {
  const query = useEarnings();
  return (
    <QueryView query={query} loadingLabel="Loading your earnings…">
      {(earnings) => <MoneyCards label="Your earnings" cards={earningsCards(earnings)} />}
    </QueryView>
  );
}
