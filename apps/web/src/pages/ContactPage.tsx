import { ComingSoonPage } from '@/components/ComingSoon';

export default function ContactPage() {
  return (
    <ComingSoonPage title="Contact Us">
      A contact form (name, email, company name and message) will be here shortly.
    </ComingSoonPage>
  );
}
