import { ContactMessages } from '@/features/contact';
import { HireRequests } from '@/features/hire';

/** /adminPanel/manage-developer: hire requests, then the contact-form messages (the menu keeps docs/product-spec.md's eleven entries). */
export default function ManageDeveloperPage() {
  return (
    <>
      <section aria-labelledby="hire-requests-heading">
        <h2 className="h4" id="hire-requests-heading">
          Hire Requests
        </h2>
        <HireRequests />
      </section>
      <section aria-labelledby="contact-messages-heading" className="mt-5">
        <h2 className="h4" id="contact-messages-heading">
          Contact Messages
        </h2>
        <ContactMessages />
      </section>
    </>
  );
}
