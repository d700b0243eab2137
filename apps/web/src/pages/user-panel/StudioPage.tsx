import { StudioPanel } from '@/features/studios';

/** /userPanel/studio (sidebar: Studio; docs/decisions/0018). */
export default function StudioPage() {
  return <StudioPanel />;
}
