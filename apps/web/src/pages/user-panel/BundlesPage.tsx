import { Bundles } from '@/features/bundles';

/** /userPanel/bundles (sidebar: Bundles). */
export default function BundlesPage() {
  return <Bundles />;
}
