import { ComingSoonPage } from '@/components/ComingSoon';

export default function HireDeveloperPage() {
  return (
    <ComingSoonPage title="Hire a Developer">
      Tell us about your project and platform; the request form will be here shortly.
    </ComingSoonPage>
  );
}
