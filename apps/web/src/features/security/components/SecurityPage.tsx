import type { ReactNode } from 'react';
import { AccountSection } from './AccountSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import '../security.css';

/**
 * /userPanel/security: two-factor sign-in, the passkeys (another feature's section, handed in by
 * the page), the email and password, and the account's sessions (docs/decisions/0016, 0017).
 */
export default function SecurityPage({ passkeys }: { passkeys?: ReactNode }) {
  return (
    <>
      <TwoFactorSection />
      {passkeys}
      <AccountSection />
      <SessionsSection />
    </>
  );
}
