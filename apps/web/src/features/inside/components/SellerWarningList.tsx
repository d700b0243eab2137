import type { SellerWarning } from '@market/contracts';
import { warningAdvice } from '../warningAdvice';

/** Secrets the analysis found, each with what to do; only the owner and admins are sent them. */
export function SellerWarningList({ warnings, label }: { warnings: readonly SellerWarning[]; label: string }) {
  return (
    <ul className="inside-warnings" aria-label={label}>
      {warnings.map((warning) => (
        <li key={`${warning.kind}:${warning.path}:${warning.detail}`}>
          <strong>{warning.kind}</strong> in <code className="inside-path">{warning.path}</code>: {warning.detail}.{' '}
          <span className="inside-advice">{warningAdvice(warning)}.</span>
        </li>
      ))}
    </ul>
  );
}
