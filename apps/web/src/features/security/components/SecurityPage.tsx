import type { ReactNode } from 'react';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import '../security.css';

/**
 * /userPanel/security: two-factor sign-in, the passkeys (another feature's section, handed in by
 * the page) and the account's sessions (docs/decisions/0016, 0017).
 */
export default function SecurityPage({ passkeys }: { passkeys?: ReactNode }) {
  return (
    <>
      <TwoFactorSection />
      {passkeys}
      <SessionsSection />
    </>
  );
}
