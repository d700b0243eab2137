import { PasskeysSection } from '@/features/passkeys';

/** /userPanel/passkeys (sidebar: Passkeys), until the Security page hosts the section. */
export default function PasskeysPage() {
  return <PasskeysSection />;
}
