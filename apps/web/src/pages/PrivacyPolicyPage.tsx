import { Link } from 'react-router';
import { PageHead } from '@/components/PageHead';

export default function PrivacyPolicyPage() {
  return (
    <article className="container page-section prose-page">
      <PageHead title="Privacy Policy" description="What personal data the marketplace collects and why." />
      <h1 className="page-title">Privacy Policy</h1>
      <p className="text-secondary">Last updated: 1 January 2025</p>
      <p>
        This policy explains what personal data Source Code Marketplace collects when you browse, buy or sell on the site, why we collect it
        and the choices you have.
      </p>

      <h2 className="section-title">Data we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your name, email address, phone number and a securely hashed password.
        </li>
        <li>
          <strong>Purchase data:</strong> the products and licences you buy, amounts and payment references. Card details are handled by our
          payment provider and never reach our servers.
        </li>
        <li>
          <strong>Seller data:</strong> the products you upload and the PayPal email you give for withdrawals.
        </li>
        <li>
          <strong>Messages:</strong> comments, contact and hire requests, and reskin chat messages you send.
        </li>
        <li>
          <strong>Usage data:</strong> anonymous product view counts used to rank popular games.
        </li>
      </ul>

      <h2 className="section-title">How we use it</h2>
      <p>
        To run your account, deliver the source code you bought, pay sellers, answer your messages, prevent fraud and keep the catalogue
        relevant. We do not sell your personal data.
      </p>

      <h2 className="section-title">Cookies and browser storage</h2>
      <p>
        We use one essential cookie to keep you signed in. Your cart and wishlist are kept in your own browser&apos;s storage until you
        clear them. We use no advertising or tracking cookies.
      </p>

      <h2 className="section-title">Sharing</h2>
      <p>
        We share data only with the services that help us run the marketplace (payment processing, email delivery and hosting), under
        agreements that keep it confidential, or when the law requires it. Sellers do not receive buyers&apos; payment details.
      </p>

      <h2 className="section-title">Retention and security</h2>
      <p>
        We keep account and purchase records for as long as your account exists and as long as tax law requires after that. Passwords are
        stored hashed, connections are encrypted and access to personal data is limited to staff who need it.
      </p>

      <h2 className="section-title">Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or its deletion, and object to its use. Send your request through our{' '}
        <Link to="/contact-us">contact page</Link>; we answer within 30 days.
      </p>
    </article>
  );
}
