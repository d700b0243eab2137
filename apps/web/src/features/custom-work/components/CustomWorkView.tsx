import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { CustomWork } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { formatCents, formatDateTimeUtc, formatDayUtc } from '@/lib/format';
import { useCustomWork } from '../api/customWork';
import { CustomWorkActions } from './CustomWorkActions';
import { CustomWorkReview } from './CustomWorkReview';
import { DeliveryList } from './DeliveryList';
import { DisputeEvidence } from './DisputeEvidence';
import { STATUS_WORDS, statusText } from './statusWords';
import '../customWork.css';

const MILESTONE_WORDS = {
  waiting: 'Not paid yet',
  funded: 'In escrow',
  released: 'Paid to the seller',
  refunded: 'Refunded to the buyer',
  split: 'Split by an admin',
  cancelled: 'Cancelled',
} as const;

/** The reskin chat the quote came from, as the page composes it: shown to the mediating admin. */
export type CustomWorkChat = ComponentType<{ buyerId: string; productId: string }>;

/** /custom-work/{id} (docs/decisions/0013): the order as its side sees it, with what that side may do now. */
export function CustomWorkView({ id, chat }: { id: string; chat?: CustomWorkChat }) {
  const query = useCustomWork(id);
  return (
    <QueryView query={query} loadingLabel="Loading the order…">
      {(work) => <CustomWorkOrder work={work} Chat={chat} />}
    </QueryView>
  );
}

function CustomWorkOrder({ work, Chat }: { work: CustomWork; Chat: CustomWorkChat | undefined }) {
  const milestone = work.milestones[work.current];
  return (
    <div className="custom-work">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className={`badge custom-work-status ${STATUS_WORDS[work.status].badge}`}>{statusText(work)}</span>
        <span className="text-secondary small">
          You are the {work.role === 'admin' ? 'mediating admin' : work.role} · Quoted {formatDayUtc(work.createdAt)}
        </span>
      </div>
      <div className="row g-4">
        {/* On a phone what the viewer may do comes first, before the reading; beside it on a wide screen. */}
        <div className="col-12 col-lg-5 custom-work-side">
          <CustomWorkActions work={work} />
          <section aria-labelledby="custom-work-facts" className="custom-work-facts mb-4">
            <h2 id="custom-work-facts" className="h5">
              Order
            </h2>
            <dl className="custom-work-list">
              <div>
                <dt>Product</dt>
                <dd>
                  <Link to={`/downloads/${work.product.slug}`}>{work.product.title}</Link>
                </dd>
              </div>
              <div>
                <dt>Buyer</dt>
                <dd>{work.buyer.name}</dd>
              </div>
              <div>
                <dt>Seller</dt>
                <dd>{work.seller.name}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{formatCents(work.priceCents)}</dd>
              </div>
              <div>
                <dt>Delivery date</dt>
                <dd>{formatDayUtc(work.dueAt)}</dd>
              </div>
              <div>
                <dt>Held in escrow</dt>
                <dd>{formatCents(work.escrowCents)}</dd>
              </div>
              <div>
                <dt>Rounds of changes</dt>
                <dd>
                  {work.revisionsUsed} of {work.revisionsAllowed}
                </dd>
              </div>
              {work.autoReleaseAt && (
                <div>
                  <dt>Released without an answer on</dt>
                  <dd>{formatDateTimeUtc(work.autoReleaseAt)}</dd>
                </div>
              )}
            </dl>
            {work.milestones.length > 1 && (
              <>
                <h3 className="h6 mt-3">Milestones</h3>
                <ol className="custom-work-milestones">
                  {work.milestones.map((each, index) => (
                    <li key={index} aria-current={index === work.current && milestone === each ? 'step' : undefined}>
                      {each.title}: {formatCents(each.amountCents)} · {MILESTONE_WORDS[each.status]}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        </div>
        <div className="col-12 col-lg-7 custom-work-main">
          <section aria-labelledby="custom-work-scope" className="mb-4">
            <h2 id="custom-work-scope" className="h5">
              The work
            </h2>
            <div className="rich-text text-break" dangerouslySetInnerHTML={{ __html: work.scopeHtml }} />
          </section>
          {work.dispute && (
            <section aria-labelledby="custom-work-dispute" className="custom-work-dispute mb-4">
              <h2 id="custom-work-dispute" className="h5">
                Dispute
              </h2>
              <p className="mb-1 text-break">{work.dispute.reason}</p>
              <p className="small text-secondary mb-0">
                Opened by the {work.dispute.openedBy} on {formatDateTimeUtc(work.dispute.openedAt)}
              </p>
              {work.resolution && (
                <p className="mt-2 mb-0">
                  Resolved: {formatCents(work.resolution.sellerCents)} to the seller, {formatCents(work.resolution.buyerCents)} back to the
                  buyer.
                  {work.resolution.note ? ` ${work.resolution.note}` : ''}
                </p>
              )}
              <DisputeEvidence work={work} />
            </section>
          )}
          <CustomWorkReview work={work} />
          <DeliveryList work={work} />
          <section aria-labelledby="custom-work-history" className="mb-4">
            <h2 id="custom-work-history" className="h5">
              History
            </h2>
            <ol className="custom-work-history list-unstyled">
              {work.events.map((event, index) => (
                <li key={index}>
                  <span className="text-secondary small">{formatDateTimeUtc(event.at)}</span> ·{' '}
                  {event.by === 'clock' ? 'Automatically' : `The ${event.by}`}: {event.what}
                  {event.note && <span className="d-block small text-break custom-work-note">“{event.note}”</span>}
                </li>
              ))}
            </ol>
          </section>
          {Chat && work.role === 'admin' && (
            <section aria-labelledby="custom-work-chat" className="mb-4">
              <h2 id="custom-work-chat" className="h5">
                The chat
              </h2>
              <p className="small text-secondary">The reskin chat with {work.buyer.name} this quote answered, as the buyer wrote it.</p>
              <Chat buyerId={work.buyer._id} productId={work.product._id} />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
