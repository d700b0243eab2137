// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { adminBob, fakeFetch, renderAt, userAlice } from '@/test-utils';
import { Header } from './Header';

function signInAs(user: typeof userAlice | typeof adminBob) {
  sessionStorage.setItem('userData', JSON.stringify(user));
  fakeFetch(() => ({ status: 200, body: user }));
}

async function openUserMenu(name: string) {
  const toggle = await screen.findByRole('button', { name });
  fireEvent.click(toggle);
  return toggle;
}

describe('Header', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(cleanup);

  it('shows the navigation links and a Login button when signed out, without asking the server', () => {
    const calls = fakeFetch(() => ({ status: 401, body: { message: 'Not signed in' } }));
    renderAt(<Header />);

    for (const [name, href] of [
      ['Home', '/'],
      ['Browse Games', '/browse-game'],
      ['Upload', '/upload'],
      ['Hire Developer', '/hire-developer'],
      ['Contact', '/contact-us'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/Login');
    expect(screen.getByPlaceholderText('App Search')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the cut name and the User menu for role User', async () => {
    signInAs(userAlice);
    renderAt(<Header />);

    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    await openUserMenu('Alice Wond');
    expect((await screen.findByRole('button', { name: 'Alice Wond' })).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/userPanel/user-dashboard');
    expect(screen.getByRole('link', { name: 'Whishlist Products' }).getAttribute('href')).toBe('/userPanel/whishlist-products');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upload Product' })).toBeNull();
  });

  it('shows the admin menu for role Admin', async () => {
    signInAs(adminBob);
    renderAt(<Header />);

    await openUserMenu('Bob Admin');
    expect(screen.getByRole('link', { name: 'Upload Product' }).getAttribute('href')).toBe('/adminPanel/upload-product');
    expect(screen.getByRole('link', { name: 'Manage Products' }).getAttribute('href')).toBe('/adminPanel/manage-products');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('forgets a stored user the server no longer knows', async () => {
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    fakeFetch(() => ({ status: 401, body: { message: 'Session expired' } }));
    renderAt(<Header />);

    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('logs out: calls signOut, forgets the user and shows Login again', async () => {
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    const calls = fakeFetch((url) =>
      url.endsWith('/signOut') ? { status: 200, body: { message: 'Signed out' } } : { status: 200, body: userAlice },
    );
    const { router } = renderAt(<Header />, '/browse-game');

    await openUserMenu('Alice Wond');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/user/signOut' && call.init?.method === 'POST')).toBe(true);
    expect(sessionStorage.getItem('userData')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('collapses the mobile menu when an entry is chosen', () => {
    fakeFetch(() => ({ status: 401, body: { message: 'Not signed in' } }));
    renderAt(<Header />);

    const toggler = screen.getByRole('button', { name: 'Toggle navigation' });
    fireEvent.click(toggler);
    expect(toggler.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Browse Games' }));
    expect(toggler.getAttribute('aria-expanded')).toBe('false');
  });
});
