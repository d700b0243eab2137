// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { PasskeySignInButton } from './PasskeySignInButton';
import { PasskeysSection } from './PasskeysSection';

const CREATION_OPTIONS = {
  challenge: 'c2lnbi1tZS1vbmNl',
  rp: { name: 'Source Code Marketplace', id: 'localhost' },
  user: { id: 'dXNlcl9hbGljZV8wMQ', name: 'alice@example.com', displayName: 'Alice Wonderland' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  timeout: 300000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  attestation: 'none',
};
const REQUEST_OPTIONS = {
  challenge: 'c2lnbi1tZS1vbmNl',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
  timeout: 300000,
};

const refuse = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
function PublicKeyCredential() {}

/** A browser with WebAuthn whose person cancels (or has no passkey): both calls reject as browsers do, with NotAllowedError. */
function refusingBrowser() {
  Object.defineProperty(globalThis, 'PublicKeyCredential', { value: PublicKeyCredential, configurable: true });
  Object.defineProperty(navigator, 'credentials', { value: { create: refuse, get: refuse }, configurable: true });
}

describe('passkey refusals by the browser', () => {
  beforeEach(() => {
    refusingBrowser();
    fakeFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/user/passkeys' && method === 'GET') return { status: 200, body: { passkeys: [] } };
      if (url === '/api/user/passkeys/registration/options') return { status: 200, body: CREATION_OPTIONS };
      if (url === '/api/user/passkeys/authentication/options') return { status: 200, body: REQUEST_OPTIONS };
      return { status: 404, body: { message: `unexpected ${method} ${url}` } };
    });
  });
  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
  });

  it('says the passkey was not created when the person cancels', async () => {
    renderAt(<PasskeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The passkey was not created: the browser was cancelled or timed out.');
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it('says no passkey was used, and offers the password, when signing in is refused', async () => {
    let signedIn = false;
    renderAt(<PasskeySignInButton onSignedIn={() => (signedIn = true)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/No passkey was used.*email and password/);
    expect(signedIn).toBe(false);
  });

  it('offers no passkey button in a browser without WebAuthn', () => {
    Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
    renderAt(<PasskeySignInButton onSignedIn={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
