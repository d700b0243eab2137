// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fakeFetch, renderRoutes, userAlice } from '@/test-utils';
import { SignUpForm } from './SignUpForm';

const VALUES = {
  Name: 'Alice Wonderland',
  Email: 'alice@example.com',
  Number: '+15550100',
  Password: 'secret-password',
  'Confirm Password': 'secret-password',
};

function renderSignUp() {
  return renderRoutes(
    [
      { path: '/sign-up', element: <SignUpForm /> },
      { path: '/Login', element: <p>Login page</p> },
    ],
    '/sign-up',
  );
}

/** The label's text ends with the required star, which is hidden from assistive technology. */
const field = (label: string) => screen.getByLabelText(`${label} *`) as HTMLInputElement;

function fillAndSubmit() {
  for (const [label, value] of Object.entries(VALUES)) {
    fireEvent.change(field(label), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignUpForm', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  it('marks all five fields required', () => {
    fakeFetch(() => ({ status: 400, body: { message: 'x' } }));
    renderSignUp();
    for (const label of Object.keys(VALUES)) {
      expect(field(label).required).toBe(true);
    }
  });

  it("shows the server's message under the form", async () => {
    fakeFetch(() => ({ status: 409, body: { message: 'Email already registered' } }));
    renderSignUp();
    fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Email already registered');
    expect(screen.getByRole('form', { name: 'Sign up' }).compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('ties the server’s message to the field the server names', async () => {
    const message = 'An account with this email already exists';
    fakeFetch(() => ({ status: 409, body: { message, errors: [{ field: 'email', message }] } }));
    renderSignUp();
    fillAndSubmit();

    const alert = await screen.findByRole('alert');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-describedby')).toBe(alert.id);
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
    expect(field('Name').getAttribute('aria-describedby')).toBeNull();
  });

  it('sends role User, stores the user and goes to /Login', async () => {
    const calls = fakeFetch(() => ({ status: 201, body: userAlice }));
    renderSignUp();
    fillAndSubmit();

    await screen.findByText('Login page');
    expect(JSON.parse(sessionStorage.getItem('userData') ?? 'null')).toEqual(userAlice);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      name: 'Alice Wonderland',
      email: 'alice@example.com',
      number: '+15550100',
      password: 'secret-password',
      confirmPassword: 'secret-password',
      role: 'User',
    });
  });
});
