// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Navigate } from 'react-router';
import { fakeFetch, renderRoutes, userAlice } from '@/test-utils';
import { LoginForm } from './LoginForm';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/Login', element: <LoginForm /> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/Login',
  );
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('User Email'), { target: { value: 'alice@example.com' } });
  fireEvent.change(screen.getByLabelText('User Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

/** A server that asks for a second factor at sign-in and answers the verify call with `verify`. */
function secondFactorServer(verify: (body: Record<string, string>) => { status: number; body: unknown }) {
  return fakeFetch((url, init) => {
    if (url === '/api/user/signIn') return { status: 200, body: { secondFactorRequired: true, methods: ['totp', 'recovery'] } };
    return verify(JSON.parse(String(init?.body)) as Record<string, string>);
  });
}

const button = () => screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement;

describe('LoginForm', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  it('has required, labelled fields and a sign-up link', () => {
    fakeFetch(() => ({ status: 401, body: { message: 'x' } }));
    renderLogin();
    const email = screen.getByLabelText('User Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect((screen.getByLabelText('User Password') as HTMLInputElement).required).toBe(true);
    expect(screen.getByRole('link', { name: "Don't have account? Sign Up" }).getAttribute('href')).toBe('/sign-up');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message above the form", async () => {
    fakeFetch(() => ({ status: 401, body: { message: 'Invalid email or password' } }));
    renderLogin();
    fillAndSubmit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    expect(alert.compareDocumentPosition(screen.getByRole('form', { name: 'Login' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('ties the refusal to both fields, which it concerns, and leaves them unmarked for a rate limit', async () => {
    fakeFetch(() => ({ status: 401, body: { message: 'Invalid email or password' } }));
    renderLogin();
    fillAndSubmit();

    const alert = await screen.findByRole('alert');
    for (const label of ['User Email', 'User Password']) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    }
  });

  it('marks no field when the refusal is about too many attempts', async () => {
    fakeFetch(() => ({ status: 429, body: { message: 'Too many attempts. Please wait 1 minute and try again.' } }));
    renderLogin();
    fillAndSubmit();

    await screen.findByRole('alert');
    expect(screen.getByLabelText('User Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('stores the user, and goes home on success', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: userAlice }));
    const { router } = renderLogin();
    fillAndSubmit();

    await screen.findByText('Home page');
    expect(router.state.location.pathname).toBe('/');
    expect(JSON.parse(sessionStorage.getItem('userData') ?? 'null')).toEqual(userAlice);
    const signIn = calls.find((call) => call.url === '/api/user/signIn');
    expect(signIn?.init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(signIn?.init?.body))).toEqual({ email: 'alice@example.com', password: 'secret-password' });
  });

  it('goes back to the panel page that sent a signed-out visitor here', async () => {
    fakeFetch(() => ({ status: 200, body: userAlice }));
    const { router } = renderRoutes(
      [
        { path: '/start', element: <Navigate to="/Login" state={{ from: '/userPanel/purchases?page=2' }} /> },
        { path: '/Login', element: <LoginForm /> },
        { path: '/userPanel/purchases', element: <p>Purchases page</p> },
        { path: '/', element: <p>Home page</p> },
      ],
      '/start',
    );
    await screen.findByRole('button', { name: 'Log In' });
    fillAndSubmit();

    await screen.findByText('Purchases page');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('disables the button while the request is pending', async () => {
    let respond: ((response: Response) => void) | undefined;
    const answer = new Promise<Response>((resolve) => {
      respond = resolve;
    });
    globalThis.fetch = (() => answer) as typeof fetch;
    renderLogin();
    fillAndSubmit();

    await waitFor(() => expect(button().disabled).toBe(true));
    respond?.(new Response(JSON.stringify({ message: 'Nope' }), { status: 401 }));
    await waitFor(() => expect(button().disabled).toBe(false));
  });

  describe('for an account with a second factor', () => {
    it('asks for the code from the authenticator app, focused, then signs in with it', async () => {
      const calls = secondFactorServer(() => ({ status: 200, body: userAlice }));
      const { router } = renderLogin();
      fillAndSubmit();

      const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(code.getAttribute('inputmode')).toBe('numeric');
      expect(document.activeElement).toBe(code);
      expect(sessionStorage.getItem('userData')).toBeNull();

      fireEvent.change(code, { target: { value: '123456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByText('Home page');
      expect(router.state.location.pathname).toBe('/');
      expect(JSON.parse(sessionStorage.getItem('userData') ?? 'null')).toEqual(userAlice);
      const verify = calls.find((call) => call.url === '/api/user/2fa/verify');
      expect(JSON.parse(String(verify?.init?.body))).toEqual({ code: '123456' });
    });

    it('switches to a recovery code and sends it as one', async () => {
      const calls = secondFactorServer(() => ({ status: 200, body: userAlice }));
      renderLogin();
      fillAndSubmit();

      fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
      const field = screen.getByLabelText('Recovery code');
      expect(document.activeElement).toBe(field);
      fireEvent.change(field, { target: { value: 'abcde-23456' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

      await screen.findByText('Home page');
      const verify = calls.find((call) => call.url === '/api/user/2fa/verify');
      expect(JSON.parse(String(verify?.init?.body))).toEqual({ recoveryCode: 'abcde-23456' });
    });

    it('announces a wrong code on the field, and offers a new sign-in once the pending one has ended', async () => {
      let answers = 0;
      secondFactorServer(() => {
        answers += 1;
        return answers === 1
          ? { status: 400, body: { message: 'That code is not right.', errors: [{ field: 'code', message: 'That code is not right.' }] } }
          : { status: 429, body: { message: 'Too many wrong codes. Please sign in again.' } };
      });
      renderLogin();
      fillAndSubmit();

      const code = await screen.findByLabelText('Authentication code');
      fireEvent.change(code, { target: { value: '000000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('That code is not right.');
      expect(code.getAttribute('aria-invalid')).toBe('true');
      expect(code.getAttribute('aria-describedby')).toBe(alert.id);

      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Sign in again' }));
      expect(screen.getByLabelText('User Email')).toBeTruthy();
    });
  });
});
