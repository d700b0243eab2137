import type { CustomWork, CustomWorkDelivery } from '@market/contracts';
import { formatBytes, formatDateTimeUtc } from '@/lib/format';
import { deliveryDownloadPath } from '../api/customWork';

/** Each delivery with its archive's analysis: the evidence a buyer accepts or disputes on (docs/decisions/0013). */
export function DeliveryList({ work }: { work: CustomWork }) {
  if (work.deliveries.length === 0) return null;
  return (
    <section aria-labelledby="custom-work-deliveries" className="mb-4">
      <h2 id="custom-work-deliveries" className="h5">
        Deliveries
      </h2>
      <ol className="list-unstyled custom-work-deliveries">
        {work.deliveries.toReversed().map((delivery, index) => (
          <li key={delivery._id} className="custom-work-delivery">
            <Delivery workId={work._id} delivery={delivery} number={work.deliveries.length - index} milestones={work.milestones.length} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Delivery({
  workId,
  delivery,
  number,
  milestones,
}: {
  workId: string;
  delivery: CustomWorkDelivery;
  number: number;
  milestones: number;
}) {
  const headingId = `delivery-${delivery._id}`;
  return (
    <article aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mb-1">
        Delivery {number}
        {milestones > 1 ? ` (milestone ${delivery.milestone + 1})` : ''} · {formatDateTimeUtc(delivery.createdAt)}
      </h3>
      {delivery.note && <p className="mb-2 text-break">{delivery.note}</p>}
      <a className="btn btn-sm btn-outline-primary mb-2" href={deliveryDownloadPath(workId, delivery._id)} download>
        Download {delivery.fileName} ({formatBytes(delivery.sizeBytes)})
      </a>
      <Analysis delivery={delivery} />
    </article>
  );
}

function Analysis({ delivery }: { delivery: CustomWorkDelivery }) {
  if (delivery.refused) return <p className="text-danger small mb-0">The archive could not be analysed: {delivery.refused}</p>;
  if (!delivery.analysis) {
    return (
      <p className="small text-secondary mb-0" aria-live="polite">
        Analysing the archive…
      </p>
    );
  }
  const { analysis, diff } = delivery;
  const engines = analysis.engines.map((engine) => (engine.version ? `${engine.engine} ${engine.version}` : engine.engine));
  const languages = analysis.languages.slice(0, 5).map((language) => `${language.name} ${language.percent}%`);
  return (
    <div className="small">
      <dl className="custom-work-list mb-2">
        <div>
          <dt>Engine</dt>
          <dd>{engines.length ? engines.join(', ') : 'None found'}</dd>
        </div>
        <div>
          <dt>Languages</dt>
          <dd>{languages.length ? languages.join(', ') : 'No code found'}</dd>
        </div>
        <div>
          <dt>Files</dt>
          <dd>
            {analysis.files.toLocaleString('en-US')} ({formatBytes(analysis.totalBytes)})
          </dd>
        </div>
      </dl>
      {analysis.warnings.length > 0 && (
        <p className="text-danger mb-2">
          Warnings: <span className="text-break">{analysis.warnings.join('; ')}</span>
        </p>
      )}
      {diff ? (
        <details className="custom-work-diff">
          <summary>
            Against version {diff.releaseVersion ?? 'on the store'}: {diff.counts.added} added, {diff.counts.changed} changed,{' '}
            {diff.counts.removed} removed, {diff.unchanged} unchanged
          </summary>
          <FileList title="Added" paths={diff.added} count={diff.counts.added} />
          <FileList title="Changed" paths={diff.changed} count={diff.counts.changed} />
          <FileList title="Removed" paths={diff.removed} count={diff.counts.removed} />
        </details>
      ) : (
        <p className="text-secondary mb-0">No release of the product to compare with.</p>
      )}
    </div>
  );
}

function FileList({ title, paths, count }: { title: string; paths: string[]; count: number }) {
  if (count === 0) return null;
  return (
    <>
      <h4 className="h6 mt-2 mb-1">
        {title} ({count})
      </h4>
      <ul className="custom-work-files">
        {paths.map((path) => (
          <li key={path}>
            <code className="text-break">{path}</code>
          </li>
        ))}
        {count > paths.length && <li>…and {count - paths.length} more</li>}
      </ul>
    </>
  );
}
