import { useEffect, useRef, useState } from 'react';

interface SecretNoticeProps {
  url: string;
  secret: string;
  headingId: string;
  onDismiss: () => void;
}

/** A signing secret, shown once (at creation or rotation): the seller copies it now or rotates again later. */
export function SecretNotice({ url, secret, headingId, onDismiss }: SecretNoticeProps) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown after a form or a rotation: the seller is taken to the secret they must copy now.
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret);
    setCopied(true);
  };
  return (
    <section className="webhook-secret-notice alert alert-warning" aria-labelledby={headingId}>
      <h2 ref={heading} id={headingId} className="h6 webhook-url" tabIndex={-1}>
        Signing secret of {url}
      </h2>
      <p className="mb-2">Copy it now and keep it with your receiver: it is not shown again. Use it to verify each delivery's signature.</p>
      <label htmlFor={`${headingId}-value`} className="visually-hidden">
        Signing secret
      </label>
      <input
        id={`${headingId}-value`}
        className="form-control webhook-secret mb-2"
        readOnly
        value={secret}
        onFocus={(event) => event.target.select()}
      />
      <div className="d-flex gap-2 align-items-center">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={onDismiss}>
          I have copied it
        </button>
        <output className="small">{copied ? 'Copied' : ''}</output>
      </div>
    </section>
  );
}
