import { useEffect, useState } from 'react';

/** Copies `text`; says so in its label and to screen readers, or says how to copy by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={copy}
        aria-label={state === 'copied' ? `${label}: copied` : label}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <output className="visually-hidden">{state === 'copied' ? 'Copied to the clipboard' : ''}</output>
      {state === 'failed' && <span className="d-block small text-danger">Copying is blocked here: select the text and copy it.</span>}
    </>
  );
}
