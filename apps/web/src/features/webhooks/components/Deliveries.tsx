import type { WebhookDelivery } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { formatDateTime } from '@/lib/format';
import { useDeliveries } from '../api/deliveries';
import { useReplayDelivery } from '../api/replayDelivery';

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

/** An endpoint's latest deliveries: what was sent, how the receiver answered, and a replay of each. */
export function Deliveries({ endpointId, labelledBy }: { endpointId: string; labelledBy: string }) {
  const query = useDeliveries(endpointId);
  const replay = useReplayDelivery();
  return (
    <QueryView query={query} loadingLabel="Loading deliveries…" isEmpty={(list) => list.length === 0} empty="Nothing sent yet">
      {(deliveries) => (
        <>
          {/* Six columns do not fit a phone: TableScroll shows each delivery as a card there. */}
          <TableScroll label="Deliveries">
            <table className="table table-sm webhook-deliveries" aria-labelledby={labelledBy}>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Code</th>
                  <th scope="col">Latency</th>
                  <th scope="col">Answer</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery._id} data-row-id={delivery._id}>
                    <th scope="row" id={`delivery-${delivery._id}`}>
                      <code>{delivery.type}</code>
                      <div className="small text-secondary">{formatDateTime(delivery.createdAt)}</div>
                    </th>
                    <td>
                      {STATUS_LABELS[delivery.status]}
                      <div className="small text-secondary">
                        {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                        {delivery.nextAttemptAt ? `, next ${formatDateTime(delivery.nextAttemptAt)}` : ''}
                      </div>
                    </td>
                    <td>{delivery.lastStatusCode ?? '—'}</td>
                    <td>{delivery.lastLatencyMs === null ? '—' : `${delivery.lastLatencyMs} ms`}</td>
                    <td>
                      {/* On the cell's content alone: a phone's card shows the column's name beside it in the page's own face. */}
                      <span className="webhook-excerpt">{delivery.lastResponseExcerpt ?? ''}</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        aria-describedby={`delivery-${delivery._id}`}
                        disabled={replay.isPending}
                        onClick={() => replay.mutate(delivery._id, { onSuccess: () => showNotice('Delivery queued again') })}
                      >
                        Replay
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <FormError message={replay.error?.message} className="small" />
        </>
      )}
    </QueryView>
  );
}
