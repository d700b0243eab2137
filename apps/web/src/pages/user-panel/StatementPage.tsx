import { Statement } from '@/features/money';

/** /userPanel/statement (sidebar: Statement). */
export default function StatementPage() {
  return <Statement />;
}
