import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { useNavigate } from 'react-router';
import { purchaseCodeSchema } from '@market/contracts';

/** /adminPanel/licences: an admin opens any licence by its purchase code (from a buyer's message, say). */
export function LicenceLookup() {
  const ids = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { formRef, refused } = useRevealFirstError(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = purchaseCodeSchema.safeParse(code.trim().toLowerCase());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a purchase code');
      refused();
      return;
    }
    void navigate(`/adminPanel/licences/${parsed.data}`);
  };

  return (
    <form ref={formRef} className="licence-lookup" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${ids}-code`} className="form-label">
        Purchase code
      </label>
      <div className="d-flex gap-2">
        <input
          ref={input}
          id={`${ids}-code`}
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={code}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : `${ids}-hint`}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn btn-primary">
          Open
        </button>
      </div>
      {error ? (
        <p id={`${ids}-error`} className="invalid-feedback d-block">
          {error}
        </p>
      ) : (
        <p id={`${ids}-hint`} className="form-text">
          The buyer finds it on their Licences page and certificate.
        </p>
      )}
    </form>
  );
}
