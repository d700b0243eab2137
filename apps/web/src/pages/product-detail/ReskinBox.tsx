import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ProductDetail } from '@market/contracts';
import { formatDollars } from '@/lib/format';
import { showNotice } from '@/components/notice/notices';
import { SIGNUP_FIRST, useSession } from '@/features/auth';
import { useStartReskinChat } from '@/features/reskin-chat';

/**
 * docs/product-spec.md §2.5 / 6: reskin features with their price and a 'contact us' asking Yes or No.
 * Only role User may go on. A visitor gets 'Please Signup First' for 3 s and, until signed in,
 * links to sign up or log in; an admin is told that buyers ask and admins answer in the admin
 * chatbox. Yes sends the opening 'Yes' (starting or reusing this product's chat) and opens the
 * user chat on it.
 */
export function ReskinBox({ product }: { product: ProductDetail }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [refusedRole, setRefusedRole] = useState<'visitor' | 'Admin' | null>(null);
  const location = useLocation();
  const questionId = useId();
  const startChat = useStartReskinChat();

  function answerYes() {
    if (user?.role === 'Admin') {
      setAsking(false);
      setRefusedRole('Admin');
      return;
    }
    if (user?.role !== 'User') {
      setAsking(false);
      setRefusedRole('visitor');
      showNotice(SIGNUP_FIRST, 'info');
      return;
    }
    startChat.mutate(product._id, {
      onSuccess: () => navigate(`/userPanel/user-chatbox?${new URLSearchParams({ productId: product._id, userId: user._id })}`),
      onError: (error) => showNotice(error.message, 'danger'),
    });
  }

  return (
    <section className="reskin-box" aria-labelledby={`${questionId}-title`}>
      <h2 id={`${questionId}-title`} className="section-title mt-0">
        Reskin Features
      </h2>
      {product.reskinFeatures && (
        // Sanitised on the server (DESIGN.md trust rules) before it is stored.
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.reskinFeatures }} />
      )}
      {product.reskinPrice !== null && (
        <p>
          Reskin price: <strong>{formatDollars(product.reskinPrice)}</strong>
        </p>
      )}
      <p className="mb-2">
        Want it in your own style?{' '}
        <button
          type="button"
          className="btn btn-link p-0 align-baseline"
          aria-expanded={asking}
          aria-controls={questionId}
          onClick={() => setAsking((value) => !value)}
        >
          contact us
        </button>
      </p>
      {asking && (
        <fieldset id={questionId} className="reskin-question">
          <legend className="fs-6 mb-2">Do you want us to reskin this game for you?</legend>
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={answerYes}
              disabled={startChat.isPending}
              aria-busy={startChat.isPending}
            >
              Yes
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setAsking(false)}>
              No
            </button>
          </div>
        </fieldset>
      )}
      {refusedRole === 'Admin' && user?.role === 'Admin' && (
        <output className="reskin-refusal d-block">
          Reskin requests come from buyers; as an admin you answer them in the <Link to="/adminPanel/admin-chatbox">Admin Chatbox</Link>.
        </output>
      )}
      {refusedRole === 'visitor' && !user && (
        <output className="reskin-refusal d-block">
          {SIGNUP_FIRST}: <Link to="/sign-up">sign up</Link> or{' '}
          <Link to="/Login" state={{ from: location.pathname }}>
            log in
          </Link>{' '}
          to ask for a reskin.
        </output>
      )}
    </section>
  );
}
