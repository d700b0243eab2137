import { PasskeysSection } from '@/features/passkeys';
import { SecurityPage as Security } from '@/features/security';
import { WhenActingAsYourself } from '@/features/studios';

/** /userPanel/security (and the admin panel's): the two-factor sign-in, passkeys and sessions. */
export default function SecurityPage() {
  return (
    <WhenActingAsYourself>
      <Security passkeys={<PasskeysSection />} />
    </WhenActingAsYourself>
  );
}
