import { Sales } from '@/features/sales';

/** /userPanel/sales (sidebar: Sales). */
export default function SalesPage() {
  return <Sales />;
}
