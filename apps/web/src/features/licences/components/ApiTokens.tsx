import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { API_PATHS, createTokenBodySchema, MAX_LIVE_API_TOKENS, type ApiToken, type CreatedToken } from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { QueryView } from '@/components/query-view';
import { SubmitButton } from '@/components/SubmitButton';
import { TableScroll } from '@/components/TableScroll';
import { formatDateTime } from '@/lib/format';
import { useApiTokens } from '../api/apiTokens';
import { useCreateApiToken } from '../api/createApiToken';
import { useRevokeApiToken } from '../api/revokeApiToken';
import { CopyButton } from './CopyButton';
import '../licences.css';

/** /userPanel/api-tokens: tokens a seller's servers use to check purchase codes of the seller's products. */
export function ApiTokens() {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <>
      <p className="api-tokens-intro">
        Your game or app can check a buyer’s purchase code with <code>GET {API_PATHS.licence.verify}?code=…</code> and a token below in{' '}
        <code>Authorization: Bearer …</code>. It answers for codes of your own products only.
      </p>
      <CreateTokenForm onCreated={setCreated} />
      {created && <TokenShownOnce key={created._id} token={created} />}
      <h2 id="api-tokens-title" className="h5 mt-4" tabIndex={-1}>
        Your tokens
      </h2>
      <TokenList />
    </>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const message = invalid ?? create.error?.message;
  const { formRef, refused } = useRevealFirstError(create.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createTokenBodySchema.safeParse({ name });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Name the token');
      refused();
      return;
    }
    create.mutate(parsed.data.name, {
      onSuccess: (token) => {
        setName('');
        onCreated(token);
      },
    });
  };

  return (
    <form ref={formRef} className="licence-lookup" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${ids}-name`} className="form-label">
        Token name
      </label>
      <div className="d-flex gap-2">
        <input
          ref={input}
          id={`${ids}-name`}
          className={`form-control${message ? ' is-invalid' : ''}`}
          value={name}
          maxLength={80}
          placeholder="e.g. Game server"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${ids}-error` : `${ids}-hint`}
          onChange={(event) => {
            setName(event.target.value);
            setInvalid(null);
            if (create.error) create.reset();
          }}
        />
        <SubmitButton pending={create.isPending} className="text-nowrap">
          Create token
        </SubmitButton>
      </div>
      {message ? (
        <FormError id={`${ids}-error`} message={message} className="mt-2 mb-0" />
      ) : (
        <p id={`${ids}-hint`} className="form-text">
          Up to {MAX_LIVE_API_TOKENS} tokens; revoke one you no longer use.
        </p>
      )}
    </form>
  );
}

/** The token, once: it is stored only as a hash, so this is the one chance to copy it. */
function TokenShownOnce({ token }: { token: CreatedToken }) {
  const box = useRef<HTMLElement>(null);
  // Keyed by the token: each new one takes focus, so a screen reader reads it out.
  useEffect(() => box.current?.focus(), []);
  return (
    <section ref={box} className="token-once" tabIndex={-1} aria-labelledby="token-once-title">
      <h2 id="token-once-title" className="h6">
        Your new token “{token.name}”
      </h2>
      <p className="small mb-2">Copy it now: it will not be shown again.</p>
      <code className="d-block text-break mb-2">{token.token}</code>
      <CopyButton text={token.token} label={`Copy the token ${token.name}`} />
    </section>
  );
}

function TokenList() {
  const query = useApiTokens();
  return (
    <QueryView query={query} loadingLabel="Loading your tokens…" isEmpty={(tokens) => tokens.length === 0} empty="No API tokens yet">
      {(tokens) => (
        <TableScroll label="Your API tokens">
          <table className="table align-middle">
            <caption className="visually-hidden">Your API tokens</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Created
                </th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Last used
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <TokenRow key={token._id} token={token} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryView>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const nameId = `token-${token._id}`;
  return (
    <tr>
      <th scope="row" id={nameId} className="token-name">
        {token.name}
      </th>
      <td className="d-none d-md-table-cell">
        <time dateTime={token.createdAt}>{formatDateTime(token.createdAt)}</time>
      </td>
      <td className="d-none d-sm-table-cell">
        {token.lastUsedAt ? <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time> : 'Never'}
      </td>
      <td>
        <ConfirmButton
          label="Revoke"
          confirmLabel="Yes, revoke"
          describedBy={nameId}
          pending={revoke.isPending}
          // The row goes: focus goes to the list's heading.
          onConfirm={() => revoke.mutate(token._id, { onSuccess: () => document.getElementById('api-tokens-title')?.focus() })}
        />
        <FormError message={revoke.error?.message} className="small mt-1 mb-0" />
      </td>
    </tr>
  );
}
