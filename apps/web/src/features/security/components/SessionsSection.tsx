import { useId } from 'react';
import type { SessionInfo } from '@market/contracts';
import { ConfirmButton } from '@/components/ConfirmButton';
import { FormError } from '@/components/FormError';
import { QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { formatDateTime } from '@/lib/format';
import { useRevokeOtherSessions } from '../api/revokeOtherSessions';
import { useRevokeSession } from '../api/revokeSession';
import { useSessions } from '../api/sessions';

/** The browsers signed in to this account, each with Sign out, and Sign out all other sessions. */
export function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const describedBy = useId();
  const rowFocus = useFocusAfterRowLeaves(sessions.data?.map((session) => session.id) ?? []);
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="h5">
        Where you are signed in
      </h2>
      <p id={describedBy}>If you see a browser you do not know, sign it out and change your password.</p>
      <QueryView query={sessions} loadingLabel="Loading your sessions…">
        {(list) => (
          <>
            <SessionTable sessions={list} rowFocus={rowFocus} />
            <FormError message={revokeOthers.error?.message} />
            {revokeOthers.data && <output className="d-block alert alert-success mb-2">{revokeOthers.data}</output>}
            {list.some((session) => !session.current) && (
              <ConfirmButton
                label="Sign out all other sessions"
                confirmLabel="Yes, sign them out"
                describedBy={describedBy}
                pending={revokeOthers.isPending}
                onConfirm={() => revokeOthers.mutate()}
              />
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

type RowFocus = ReturnType<typeof useFocusAfterRowLeaves>;

function SessionTable({ sessions, rowFocus }: { sessions: SessionInfo[]; rowFocus: RowFocus }) {
  return (
    <TableScroll label="Your sessions">
      <table className="table align-middle">
        <thead>
          <tr>
            <th scope="col">Device</th>
            <th scope="col">Address</th>
            <th scope="col">Last seen</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} rowFocus={rowFocus} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function SessionRow({ session, rowFocus }: { session: SessionInfo; rowFocus: RowFocus }) {
  const revoke = useRevokeSession();
  const deviceId = useId();
  return (
    <tr data-row-id={session.id}>
      <td id={deviceId} className="security-device">
        {deviceName(session.userAgent)}
        {session.current && <span className="badge text-bg-primary ms-2">This device</span>}
      </td>
      <td>{session.ipAddress ?? 'Unknown'}</td>
      <td>{formatDateTime(session.lastSeenAt ?? session.createdAt)}</td>
      <td>
        {!session.current && (
          <>
            <ConfirmButton
              label="Sign out"
              confirmLabel="Yes, sign out"
              describedBy={deviceId}
              pending={revoke.isPending}
              rowAction="sign-out"
              // The signed-out row leaves the table; focus goes on to the next browser's Sign out.
              onConfirm={() => {
                rowFocus.willLeave(session.id, 'sign-out');
                revoke.mutate(session.id, { onError: () => rowFocus.stays() });
              }}
            />
            <FormError message={revoke.error?.message} />
          </>
        )}
      </td>
    </tr>
  );
}

/** A readable name for a user agent: the browser and the system, or the text itself when neither is known. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
