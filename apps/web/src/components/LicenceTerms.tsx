import { LICENCE_TERMS, type LicenseType } from '@market/contracts';
import './licence-terms.css';

/**
 * "What you may do" with a licence, folded: the words of LICENCE_TERMS, the same on the product
 * page, in the cart, on the licences page and on the certificate. A <details> opens without the app.
 */
export function LicenceTerms({ license, open = false }: { license: LicenseType; open?: boolean }) {
  const terms = LICENCE_TERMS[license];
  return (
    <details className="licence-terms" open={open}>
      <summary>
        What you may do<span className="visually-hidden"> with a {license}</span>
      </summary>
      <p className="mb-1">{terms.summary}</p>
      <ul className="mb-1">
        {terms.may.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mb-1">You may not:</p>
      <ul className="mb-0">
        {terms.mayNot.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
