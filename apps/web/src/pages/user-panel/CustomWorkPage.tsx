import { MyCustomWork } from '@/features/custom-work';

/** /userPanel/custom-work (sidebar: Custom Work). */
export default function CustomWorkPage() {
  return <MyCustomWork />;
}
