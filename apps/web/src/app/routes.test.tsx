// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { adminBob, fakeFetch, renderRoutes, userAlice } from '@/test-utils';
import { routes } from './routes';

function visit(path: string) {
  return renderRoutes(routes, path);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

describe('routes', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    fakeFetch(() => ({ status: 401, body: { message: 'Not signed in' } }));
  });
  afterEach(cleanup);

  it('serves the home page', async () => {
    visit('/');
    expect(await heading('Upload, Explore, and Download Games Seamlessly.')).toBeTruthy();
    expect(screen.getByText('Share Your Game, Earn Your Fame – Upload Now and Start Earning!')).toBeTruthy();
  });

  it.each(['/Login', '/login'])('serves the login page at %s', async (path) => {
    visit(path);
    expect(await heading('Login to account')).toBeTruthy();
  });

  it('names the popular listings from their slug', async () => {
    visit('/popular-of-month');
    expect(await heading('Popular Of Month')).toBeTruthy();
  });

  it('answers unknown deeper paths with a 404 page', async () => {
    visit('/no/such/page');
    expect(await heading('Page not found')).toBeTruthy();
  });

  it('sends visitors from a panel to /Login', async () => {
    const { router } = visit('/userPanel/purchases');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
  });

  it('opens the user panel for a User and highlights the current entry', async () => {
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    fakeFetch(() => ({ status: 200, body: userAlice }));
    visit('/userPanel/purchases');
    expect(await heading('Purchases')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'User Panel' });
    expect(menu.querySelector('[aria-current="page"]')?.textContent).toBe('Purchases');
  });

  it('tells a User on the admin panel it is not for their account and links their own panel', async () => {
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    fakeFetch(() => ({ status: 200, body: userAlice }));
    const { router } = visit('/adminPanel/all-users');
    expect(await heading('This page is not for your account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/adminPanel/all-users');
    expect(screen.getByRole('link', { name: 'Go to your panel' }).getAttribute('href')).toBe('/userPanel');
  });

  it('tells an Admin on the user panel it is not for their account and links the admin panel', async () => {
    sessionStorage.setItem('userData', JSON.stringify(adminBob));
    fakeFetch(() => ({ status: 200, body: adminBob }));
    const { router } = visit('/userPanel/user-dashboard');
    expect(await heading('This page is not for your account')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/userPanel/user-dashboard');
    expect(screen.getByRole('link', { name: 'Go to the admin panel' }).getAttribute('href')).toBe('/adminPanel');
  });

  it('offers a signed-in user on /Login to continue rather than log in again', async () => {
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    fakeFetch(() => ({ status: 200, body: userAlice }));
    visit('/Login');
    expect(await heading('You are signed in')).toBeTruthy();
    expect(screen.getByText('Your account is ready.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();
  });

  it('opens the admin panel with its eleven entries, Custom Work, Refund Requests, Platform codes, Reconciliation, Notifications, Licences and Security for an Admin', async () => {
    sessionStorage.setItem('userData', JSON.stringify(adminBob));
    fakeFetch(() => ({ status: 200, body: adminBob }));
    const { router } = visit('/adminPanel');
    expect(await heading('All Users')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/adminPanel/all-users');
    const menu = screen.getByRole('navigation', { name: 'Admin Panel' });
    expect(menu.querySelectorAll('a')).toHaveLength(18);
    expect(within(menu).getByRole('link', { name: 'Custom Work' }).getAttribute('href')).toBe('/adminPanel/custom-work');
    expect(within(menu).getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/adminPanel/security');
  });
});
