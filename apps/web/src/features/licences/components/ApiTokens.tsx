import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import {
  API_PATHS,
  API_SCOPE_LABELS,
  API_SCOPES,
  createTokenBodySchema,
  MAX_LIVE_API_TOKENS,
  TOKEN_EXPIRY_CHOICES,
  TOKEN_EXPIRY_DAYS,
  type ApiScope,
  type ApiToken,
  type CreatedToken,
} from '@market/contracts';
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

/** /userPanel/api-tokens: tokens a seller's programs use for the public API, each with its scopes and expiry (docs/decisions/0014). */
export function ApiTokens() {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <>
      <p className="api-tokens-intro">
        Your programs call the API under <code>/api/v1/</code> (your products, sales, statement and licences; the{' '}
        <a href={API_PATHS.docs}>API documentation</a> lists every call) with a token below in <code>Authorization: Bearer …</code>. A token
        can do only what its scopes allow, and only with your own products. Your game or app can check a buyer’s purchase code with{' '}
        <code>GET {API_PATHS.v1.licenceVerify}?code=…</code> and a token allowed to verify licences.
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

type Field = 'name' | 'scopes' | 'expiresInDays';

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresInDays, setExpiresInDays] = useState<number>(TOKEN_EXPIRY_DAYS.default);
  const [invalid, setInvalid] = useState<{ field: Field; message: string } | null>(null);
  const { formRef, refused } = useRevealFirstError(create.error);
  const errorOf = (field: Field) => (invalid?.field === field ? invalid.message : undefined);
  const changed = () => {
    setInvalid(null);
    if (create.error) create.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createTokenBodySchema.safeParse({ name, scopes, expiresInDays });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = (issue?.path[0] ?? 'name') as Field;
      setInvalid({ field, message: issue?.message ?? 'Name the token' });
      refused();
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (token) => {
        setName('');
        setScopes([]);
        setExpiresInDays(TOKEN_EXPIRY_DAYS.default);
        onCreated(token);
      },
    });
  };

  const nameError = errorOf('name');
  const scopesError = errorOf('scopes');
  return (
    <form ref={formRef} className="licence-lookup token-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${ids}-name`} className="form-label">
        Token name
      </label>
      <input
        ref={input}
        id={`${ids}-name`}
        className={`form-control${nameError ? ' is-invalid' : ''}`}
        value={name}
        maxLength={80}
        placeholder="e.g. Build server"
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? `${ids}-name-error` : undefined}
        onChange={(event) => {
          setName(event.target.value);
          changed();
        }}
      />
      <FormError id={`${ids}-name-error`} message={nameError} className="mt-1 mb-0" />

      <fieldset
        className="token-scopes mt-3"
        data-invalid={scopesError ? true : undefined}
        aria-describedby={scopesError ? `${ids}-scopes-error` : undefined}
      >
        <legend className="form-label fs-6">What the token may do</legend>
        {API_SCOPES.map((scope) => (
          <div key={scope} className="form-check">
            <input
              id={`${ids}-${scope}`}
              type="checkbox"
              className={`form-check-input${scopesError ? ' is-invalid' : ''}`}
              checked={scopes.includes(scope)}
              onChange={(event) => {
                setScopes((chosen) => (event.target.checked ? [...chosen, scope] : chosen.filter((one) => one !== scope)));
                changed();
              }}
            />
            <label htmlFor={`${ids}-${scope}`} className="form-check-label">
              {API_SCOPE_LABELS[scope]} <code className="api-scope">{scope}</code>
            </label>
          </div>
        ))}
        <FormError id={`${ids}-scopes-error`} message={scopesError} className="mt-1 mb-0" />
      </fieldset>

      <label htmlFor={`${ids}-expiry`} className="form-label mt-3">
        Expires after
      </label>
      <select
        id={`${ids}-expiry`}
        className="form-select token-expiry"
        value={expiresInDays}
        onChange={(event) => {
          setExpiresInDays(Number(event.target.value));
          changed();
        }}
      >
        {TOKEN_EXPIRY_CHOICES.map((days) => (
          <option key={days} value={days}>
            {days === 365 ? '1 year' : `${days} days`}
          </option>
        ))}
      </select>

      <div className="mt-3">
        <SubmitButton pending={create.isPending} className="text-nowrap">
          Create token
        </SubmitButton>
      </div>
      {create.error ? (
        <FormError id={`${ids}-error`} message={create.error.message} className="mt-2 mb-0" />
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
                <th scope="col">Scopes</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
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

/** Shown as expired from the browser's clock; the server refuses it whatever the page says. */
const expired = (token: ApiToken) => Date.parse(token.expiresAt) <= Date.now();

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const nameId = `token-${token._id}`;
  return (
    <tr>
      <th scope="row" id={nameId} className="token-name">
        {token.name}
      </th>
      <td>
        <ul className="list-unstyled mb-0 small">
          {token.scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td>
        <time dateTime={token.expiresAt}>{formatDateTime(token.expiresAt)}</time>
        {expired(token) && <span className="badge text-bg-secondary ms-1">Expired</span>}
      </td>
      <td>{token.lastUsedAt ? <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time> : 'Never'}</td>
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
