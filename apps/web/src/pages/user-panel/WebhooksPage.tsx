import { Webhooks } from '@/features/webhooks';

/** /userPanel/webhooks (sidebar: Webhooks). */
export default function WebhooksPage() {
  return <Webhooks />;
}
