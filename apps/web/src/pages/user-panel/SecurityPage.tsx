import { SecurityPage as Security } from '@/features/security';

/** /userPanel/security. */
export default function SecurityPage() {
  return <Security />;
}
