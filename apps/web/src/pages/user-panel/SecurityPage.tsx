import { PasskeysSection } from '@/features/passkeys';
import { SecurityPage as Security } from '@/features/security';

/** /userPanel/security (and the admin panel's): the two-factor sign-in, passkeys and sessions. */
export default function SecurityPage() {
  return <Security passkeys={<PasskeysSection />} />;
}
