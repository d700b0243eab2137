import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { INVITABLE_STUDIO_ROLES, type InvitableStudioRole, STUDIO_INVITATION_DAYS, STUDIO_ROLE_LABELS } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { fieldsOfError } from '@/lib/api';
import { useInvite } from '../api/invite';

/** Invites someone by email in a role; the link is shown to copy (and mailed). */
export function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableStudioRole>('developer');
  const [link, setLink] = useState<string | null>(null);
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();
  const emailRefused = fieldsOfError(invite.error).includes('email');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLink(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: (made) => {
          setLink(made.link);
          setEmail('');
        },
      },
    );
  };

  return (
    <section className="studio-invite mt-4" aria-labelledby="studio-invite-title">
      <h2 id="studio-invite-title" className="h5">
        Invite a member
      </h2>
      <form className="studio-invite-form" onSubmit={submit} noValidate>
        <div>
          <label className="form-label" htmlFor={emailId}>
            Email
          </label>
          <input
            id={emailId}
            type="email"
            className={`form-control${emailRefused ? ' is-invalid' : ''}`}
            value={email}
            required
            autoComplete="off"
            aria-invalid={emailRefused}
            aria-describedby={invite.error ? errorId : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div>
          <label className="form-label" htmlFor={roleId}>
            Role
          </label>
          <select id={roleId} className="form-select" value={role} onChange={(event) => setRole(event.target.value as InvitableStudioRole)}>
            {INVITABLE_STUDIO_ROLES.map((one) => (
              <option key={one} value={one}>
                {STUDIO_ROLE_LABELS[one]}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton pending={invite.isPending}>Send invitation</SubmitButton>
      </form>
      <FormError id={errorId} message={invite.error?.message} />
      {link && <InvitationLink key={link} link={link} />}
    </section>
  );
}

/** The new link, which takes the focus when it appears (each new invitation is a new one). */
function InvitationLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const linkId = useId();
  return (
    <div className="studio-link alert alert-success mt-3">
      <h3 ref={headingRef} tabIndex={-1} className="h6">
        Invitation sent
      </h3>
      <p className="mb-2">
        We mailed this link. You can also copy it and send it yourself; it works once, for {STUDIO_INVITATION_DAYS} days.
      </p>
      <label className="form-label" htmlFor={linkId}>
        Invitation link
      </label>
      <div className="input-group">
        <input id={linkId} className="form-control" readOnly value={link} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          Copy link
        </button>
      </div>
      <output className="visually-hidden" aria-live="polite">
        {copied ? 'Link copied' : ''}
      </output>
    </div>
  );
}
