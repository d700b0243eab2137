import { Link } from 'react-router';
import { DOWNLOAD_WINDOW_HOURS, WITHDRAWAL_FEE_PERCENT } from '@market/contracts';
import { PageHead } from '@/components/PageHead';
import { uploadPathOf, useSession } from '@/features/auth';
import { formatDollars } from '@/lib/format';

const STEPS = [
  {
    title: 'Create your account',
    text: 'Sign up for free. Your seller dashboard holds your products, sales, earnings and withdrawals.',
  },
  {
    title: 'Upload your project',
    text: 'A three-step form takes the title and description (in as many languages as you like), category, framework, screenshots, an optional YouTube video, a live preview link, the source code archive and your two licence prices.',
  },
  {
    title: 'Admin approval',
    text: 'Every upload starts as Pending. Our team checks that the project builds, matches its description and is yours to sell, usually within two working days. Approved products go live in the catalogue.',
  },
  {
    title: 'Buyers purchase a licence',
    text: 'Buyers choose a Single App License or a Multi App License and pay by card. They can also ask you about a paid reskin through the built-in chat.',
  },
  {
    title: 'Get paid',
    text: 'Each sale adds its licence price to your earnings. Request a withdrawal to your PayPal email whenever you like.',
  },
] as const;

export default function UploadInfoPage() {
  const { user } = useSession();
  const uploadLink = user ? uploadPathOf(user) : '/sign-up';

  return (
    <article className="container page-section prose-page">
      <PageHead
        title="Sell your source code"
        description="How selling game and app source code works: upload, approval, licences, downloads and payouts."
      />
      <h1 className="page-title">Sell your game or app source code</h1>
      <p className="lead">
        Turn finished projects into steady income. List your game or app once and earn every time a developer buys a licence.
      </p>
      <Link to={uploadLink} className="btn btn-primary btn-lg mb-4">
        {user ? 'Upload a product' : 'Sign up to start selling'}
      </Link>

      <h2 className="section-title">How it works</h2>
      <ol className="steps">
        {STEPS.map((step) => (
          <li key={step.title} className="step">
            <h3 className="step-title">{step.title}</h3>
            <p className="mb-0">{step.text}</p>
          </li>
        ))}
      </ol>

      <h2 className="section-title">Licences and downloads</h2>
      <div className="table-responsive mb-4">
        <table className="table align-middle">
          <thead>
            <tr>
              <th scope="col">Licence</th>
              <th scope="col">What the buyer may do</th>
              <th scope="col">Download window</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Single App License</th>
              <td>Publish one app or game built on your code.</td>
              <td>{DOWNLOAD_WINDOW_HOURS['Single App License']} hours after purchase</td>
            </tr>
            <tr>
              <th scope="row">Multi App License</th>
              <td>Publish several apps or games built on your code.</td>
              <td>{DOWNLOAD_WINDOW_HOURS['Multi App License']} hours after purchase</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2 className="section-title">Earnings and withdrawals</h2>
      <p>
        Your earnings are the licence prices of your products that have sold. Your balance is your earnings minus what you have already
        withdrawn or requested. Withdrawals are paid to your PayPal email once an admin has processed them; a {WITHDRAWAL_FEE_PERCENT}%
        service fee is deducted from each payout, so a $100.00 withdrawal pays out {formatDollars(100 * (1 - WITHDRAWAL_FEE_PERCENT / 100))}
        .
      </p>

      <h2 className="section-title">Good to know</h2>
      <ul>
        <li>Only upload code you own or have the right to resell.</li>
        <li>Include build instructions and all assets the project needs; incomplete projects are not approved.</li>
        <li>A live preview and a short gameplay video sell noticeably better.</li>
      </ul>
    </article>
  );
}
