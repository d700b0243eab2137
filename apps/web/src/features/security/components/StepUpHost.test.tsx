// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { fakeFetch, renderAt } from '@/test-utils';
import { StepUpHost } from './StepUpHost';

const STEP_UP = { status: 403, body: { message: 'Please confirm it is you.', code: 'step_up_required' } };

/** A form's call, as any feature makes it, with the host mounted beside it as the root layout does. */
function TokenButton() {
  const create = useMutation({
    mutationFn: () => apiFetch<{ token: string }>('/api/licence/tokens', { method: 'POST', body: { name: 'CI' } }),
  });
  return (
    <>
      <button type="button" onClick={() => create.mutate()}>
        Create token
      </button>
      {create.data && <p>Made {create.data.token}</p>}
      {create.error && <p>Refused: {create.error.message}</p>}
      <StepUpHost />
    </>
  );
}

describe('the step-up dialog', () => {
  afterEach(cleanup);

  it('asks for the password in place when a call needs a step-up, then sends the call again', async () => {
    let steppedUp = false;
    const calls = fakeFetch((url, init) => {
      if (url === '/api/user/2fa')
        return { status: 200, body: { totp: false, recoveryCodesLeft: 0, methods: [], enrolmentRequired: false } };
      if (url === '/api/user/2fa/step-up') {
        steppedUp = JSON.parse(String(init?.body)).password === 'right-password';
        return steppedUp
          ? { status: 200, body: { steppedUpUntil: '2026-01-01T00:10:00.000Z' } }
          : { status: 400, body: { message: 'That password is not right.' } };
      }
      return steppedUp ? { status: 201, body: { token: 'smk_new' } } : STEP_UP;
    });
    renderAt(<TokenButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = await screen.findByLabelText('Your password');
    fireEvent.change(password, { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right.');
    expect(dialog.isConnected).toBe(true);

    fireEvent.change(password, { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Made smk_new')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.url === '/api/licence/tokens')).toHaveLength(2);
  });

  it('asks an account with an authenticator app for a code, and gives the refusal back when cancelled', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/user/2fa')
        return { status: 200, body: { totp: true, recoveryCodesLeft: 10, methods: ['totp', 'recovery'], enrolmentRequired: false } };
      return STEP_UP;
    });
    renderAt(<TokenButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Refused: Please confirm it is you.')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/licence/tokens')).toHaveLength(1);
  });

  it('asks someone whose only second factor is a passkey for the passkey, never for a password that cannot pass', async () => {
    fakeFetch((url) =>
      url === '/api/user/2fa'
        ? { status: 200, body: { totp: false, recoveryCodesLeft: 0, methods: ['passkey'], enrolmentRequired: false } }
        : STEP_UP,
    );
    renderAt(<TokenButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(await screen.findByText('This action needs one of your passkeys again.')).toBeTruthy();
    // happy-dom has no WebAuthn: the dialog says so rather than offering a button that cannot work.
    expect(screen.getByText(/This browser cannot use passkeys/)).toBeTruthy();
    expect(screen.queryByLabelText('Your password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Refused:/)).toBeTruthy();
  });
});
