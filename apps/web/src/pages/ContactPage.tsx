import { PageHead } from '@/components/PageHead';
import { ContactForm } from '@/features/contact';

/** docs/product-spec.md §2.7 /contact-us. */
export default function ContactPage() {
  return (
    <section className="container page-section">
      <PageHead title="Contact Us" />
      <div className="row justify-content-center">
        <div className="col-lg-8 col-xl-7">
          <h1 className="page-title">Contact Us</h1>
          <p className="text-secondary">Questions about a game, a licence or a partnership? Write to us and we will answer by email.</p>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
