import { ApiTokens } from '@/features/licences';

/** /userPanel/api-tokens. */
export default function ApiTokensPage() {
  return <ApiTokens />;
}
