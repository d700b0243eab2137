import { useEffect, useRef } from 'react';

/** The ten recovery codes, shown this once: Download as .txt, Copy, then Done (docs/decisions/0016). */
export function RecoveryCodesShownOnce({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Source Code Marketplace recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  return (
    <section className="border border-success rounded p-3 mb-3" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" ref={heading} tabIndex={-1} className="h6">
        Two-factor sign-in is on. Save your recovery codes now
      </h3>
      <p>
        If you lose your phone, each code signs you in once. They are shown only this time: download or copy them and keep them somewhere
        safe.
      </p>
      <ul className="security-recovery-codes list-unstyled" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <a className="btn btn-primary" href={href} download="marketplace-recovery-codes.txt">
          Download
        </a>
        <CopyCodes text={codes.join('\n')} />
        <button type="button" className="btn btn-outline-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}

function CopyCodes({ text }: { text: string }) {
  const status = useRef<HTMLOutputElement>(null);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => {
        if (status.current) status.current.textContent = 'Copied to the clipboard';
      },
      () => {
        if (status.current) status.current.textContent = 'Copying is blocked here: select the codes and copy them.';
      },
    );
  };
  return (
    <>
      <button type="button" className="btn btn-outline-primary" onClick={copy}>
        Copy
      </button>
      <output ref={status} className="security-copy-status small" />
    </>
  );
}
