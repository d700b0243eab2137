import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MAX_PASSKEY_NAME_LENGTH, type Passkey } from '@market/contracts';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { QueryView } from '@/components/query-view';
import { formatDate } from '@/lib/format';
import { useAddPasskey } from '../api/addPasskey';
import { usePasskeys } from '../api/passkeys';
import { useRemovePasskey } from '../api/removePasskey';
import { useRenamePasskey } from '../api/renamePasskey';
import '../passkeys.css';

const TITLE_ID = 'passkeys-title';
const LIST_TITLE_ID = 'passkeys-list-title';
const nameIdOf = (passkey: Pick<Passkey, '_id'>) => `passkey-${passkey._id}`;

/**
 * A person's passkeys (docs/decisions/0017): add one on this device, name and remove them. A
 * section, so the Security page can host it as well as its own panel page.
 */
export function PasskeysSection({ supported = browserSupportsWebAuthn() }: { supported?: boolean }) {
  const add = useAddPasskey();
  const addButton = useRef<HTMLButtonElement>(null);
  // The button is disabled while the device asks, which drops focus; it comes back to the list that
  // now holds the new passkey, or to the button when adding failed.
  const addPasskey = () =>
    add.mutate(undefined, {
      onSuccess: (made) => {
        showNotice(`Passkey “${made.name}” added`);
        requestAnimationFrame(() => document.getElementById(LIST_TITLE_ID)?.focus());
      },
      onError: () => requestAnimationFrame(() => addButton.current?.focus()),
    });

  return (
    <section className="passkeys mb-5" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="h5">
        Passkeys
      </h2>
      <p>
        A passkey signs you in with your fingerprint, face, screen lock or security key instead of your password. It stays on your device or
        in its password manager; this site only keeps its public half, which cannot sign in alone.
      </p>
      {supported ? (
        <div className="passkeys-add">
          <button ref={addButton} type="button" className="btn btn-primary" disabled={add.isPending} onClick={addPasskey}>
            {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
          </button>
          <output className="visually-hidden">{add.isPending ? 'Follow your browser’s steps to create the passkey' : ''}</output>
          <FormError message={add.error?.message} className="mt-2 mb-0" />
        </div>
      ) : (
        <p className="alert alert-warning">
          This browser cannot create or use passkeys. Open this page in a recent Chrome, Edge, Firefox or Safari to add one.
        </p>
      )}
      <h3 id={LIST_TITLE_ID} className="h6 mt-4" tabIndex={-1}>
        Your passkeys
      </h3>
      <PasskeyList />
    </section>
  );
}

function PasskeyList() {
  const query = usePasskeys();
  return (
    <QueryView
      query={query}
      loadingLabel="Loading your passkeys…"
      isEmpty={(list) => list.length === 0}
      empty="No passkeys yet: you sign in with your email and password."
    >
      {(passkeys) => (
        <ul className="passkey-list" aria-labelledby={LIST_TITLE_ID}>
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey._id} passkey={passkey} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const nameId = nameIdOf(passkey);
  const [renaming, setRenaming] = useState(false);
  const remove = useRemovePasskey();
  const renameButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the rename form has closed: the new name when saved, else back to Rename. */
  const focusAfterRename = useRef<'name' | 'button' | null>(null);

  useEffect(() => {
    if (renaming || !focusAfterRename.current) return;
    const target = focusAfterRename.current;
    focusAfterRename.current = null;
    if (target === 'name') document.getElementById(nameId)?.focus();
    else renameButton.current?.focus();
  }, [renaming, nameId]);

  const closeRename = (saved: boolean) => {
    focusAfterRename.current = saved ? 'name' : 'button';
    setRenaming(false);
  };

  return (
    <li className="passkey-item" data-row-id={passkey._id} aria-labelledby={nameId}>
      <h4 id={nameId} className="h6 mb-1" tabIndex={-1}>
        {passkey.name}
      </h4>
      <p className="small text-secondary mb-2">
        Added {formatDate(passkey.createdAt)} ·{' '}
        {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Never used to sign in'}
        {passkey.backedUp && ' · Synced between your devices'}
      </p>
      {renaming ? (
        <RenameForm passkey={passkey} onDone={closeRename} />
      ) : (
        <div className="passkey-actions">
          <ConfirmButton
            label="Remove"
            confirmLabel="Yes, remove"
            describedBy={nameId}
            pending={remove.isPending}
            rowAction="remove"
            beside={
              <button
                ref={renameButton}
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-describedby={nameId}
                onClick={() => setRenaming(true)}
              >
                Rename
              </button>
            }
            besideClassName="d-flex flex-wrap gap-2"
            onConfirm={() =>
              remove.mutate(passkey._id, {
                onSuccess: () => {
                  showNotice(`Passkey “${passkey.name}” removed`);
                  document.getElementById(LIST_TITLE_ID)?.focus();
                },
              })
            }
          />
        </div>
      )}
      <FormError message={remove.error?.message} className="small mt-1 mb-0" />
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: (saved: boolean) => void }) {
  const id = useId();
  const rename = useRenamePasskey();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  // The form opened at the person's request: they came to type here.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    rename.mutate({ id: passkey._id, name }, { onSuccess: () => onDone(true) });
  }

  return (
    <form className="passkey-rename" aria-label={`Rename ${passkey.name}`} onSubmit={submit}>
      <label className="form-label small mb-1" htmlFor={`${id}-name`}>
        Name of the passkey
      </label>
      <div className="d-flex flex-wrap gap-2">
        <input
          id={`${id}-name`}
          name="name"
          className="form-control form-control-sm passkey-name-input"
          defaultValue={passkey.name}
          maxLength={MAX_PASSKEY_NAME_LENGTH}
          required
          ref={input}
          {...(rename.error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
        <button type="submit" className="btn btn-sm btn-primary" disabled={rename.isPending}>
          Save
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={rename.isPending} onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
      <FormError id={errorId} message={rename.error?.message} className="small mt-1 mb-0" />
    </form>
  );
}
