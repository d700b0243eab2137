// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { adminBob, fakeFetch, renderAt, userAlice } from '@/test-utils';
import { Footer } from './Footer';

const uploadLink = () => screen.getByRole('link', { name: 'Upload Your Game' }).getAttribute('href');

describe('Footer', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(cleanup);

  it("sends a visitor's Upload Your Game to /login", () => {
    fakeFetch(() => ({ status: 200, body: [] }));
    renderAt(<Footer />);
    expect(uploadLink()).toBe('/login');
  });

  for (const { user, path } of [
    { user: userAlice, path: '/userPanel/user-upload-product' },
    { user: adminBob, path: '/adminPanel/upload-product' },
  ]) {
    it(`sends a signed-in ${user.role} straight to the upload form`, async () => {
      sessionStorage.setItem('userData', JSON.stringify(user));
      fakeFetch((url) => (url.startsWith('/api/user') ? { status: 200, body: user } : { status: 200, body: [] }));
      renderAt(<Footer />);
      await waitFor(() => expect(uploadLink()).toBe(path));
    });
  }
});
