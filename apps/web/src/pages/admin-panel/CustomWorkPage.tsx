import { AllCustomWork } from '@/features/custom-work';

/** /adminPanel/custom-work (sidebar: Custom Work). */
export default function CustomWorkPage() {
  return <AllCustomWork />;
}
