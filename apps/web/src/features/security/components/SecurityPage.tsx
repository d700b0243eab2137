import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import '../security.css';

/** /userPanel/security: two-factor sign-in and the account's sessions (docs/decisions/0016). */
export default function SecurityPage() {
  return (
    <>
      <TwoFactorSection />
      <SessionsSection />
    </>
  );
}
