// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PayoutAccount } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { PayoutAccountSection } from './PayoutAccountSection';

const NONE: PayoutAccount = { mode: 'connect', state: 'none', requirementsDue: [], disabledReason: null };
const ONBOARDING_URL = 'https://connect.stripe.com/setup/e/acct_1/abc';

/** A server whose payout account is `account` (and, asked to refresh from Stripe, `fromStripe`). */
interface ServerOptions {
  fromStripe?: PayoutAccount;
  post?: { status: number; body: unknown };
}

function fakeServer(
  account: PayoutAccount,
  { fromStripe = account, post = { status: 200, body: { url: ONBOARDING_URL } } }: ServerOptions = {},
) {
  return fakeFetch((url, init) => {
    if (url === '/api/payout/account' && init?.method === 'POST') return post;
    if (url === '/api/payout/account') return { status: 200, body: account };
    if (url === '/api/payout/account?refresh=true') return { status: 200, body: fromStripe };
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
}

describe('PayoutAccountSection', () => {
  afterEach(cleanup);

  it('shows nothing in manual mode, where PayPal withdrawals stay as they are', async () => {
    const calls = fakeServer({ ...NONE, mode: 'manual' });
    const { container } = renderAt(<PayoutAccountSection />);

    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it('sets up payouts: asks the server for an onboarding link and goes there', async () => {
    const calls = fakeServer(NONE);
    const visited: string[] = [];
    renderAt(<PayoutAccountSection leave={(url) => visited.push(url)} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Set up payouts with Stripe' }));

    await waitFor(() => expect(visited).toEqual([ONBOARDING_URL]));
    expect(calls.filter((call) => call.init?.method === 'POST').map((call) => call.url)).toEqual(['/api/payout/account']);
    expect(screen.getByRole('button', { name: 'Set up payouts with Stripe' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('region', { name: 'Payouts with Stripe' })).toBeTruthy();
  });

  it('lists in words what Stripe still needs, each once', async () => {
    fakeServer({
      mode: 'connect',
      state: 'details_needed',
      requirementsDue: ['external_account', 'individual.dob.day', 'individual.dob.month', 'tos_acceptance.date', 'tos_acceptance.ip'],
      disabledReason: 'requirements.past_due',
    });
    renderAt(<PayoutAccountSection />);

    const list = await screen.findByRole('list', { name: 'Stripe needs these details before it can pay you:' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'A bank account to receive payouts',
      'Your date of birth',
      "Accepting Stripe's terms of service",
    ]);
    expect(screen.getByText('Details needed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Stripe' })).toBeTruthy();
  });

  it('asks Stripe on the return page, so a late webhook does not show stale details', async () => {
    const calls = fakeServer(
      { ...NONE, state: 'details_needed', requirementsDue: ['external_account'] },
      { fromStripe: { ...NONE, state: 'enabled' } },
    );
    renderAt(<PayoutAccountSection />, '/userPanel/earnings-detail?connect=return');

    expect(await screen.findByText('Payouts are enabled: your earnings are sent to your Stripe account.')).toBeTruthy();
    expect(calls.map((call) => call.url).filter((url) => url.startsWith('/api/payout/account'))).toEqual([
      '/api/payout/account?refresh=true',
    ]);
    // Nothing left to set up (an enabled account's payouts are ConnectPayouts.test.tsx's).
    expect(screen.queryByRole('button', { name: /Stripe/ })).toBeNull();
  });

  it('says Stripe is verifying, with no button to press', async () => {
    fakeServer({ ...NONE, state: 'pending_verification', disabledReason: 'requirements.pending_verification' });
    renderAt(<PayoutAccountSection />);

    expect(await screen.findByText(/Stripe is verifying your details/)).toBeTruthy();
    expect(screen.getByText('Pending verification')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('explains an expired link and offers a fresh one', async () => {
    fakeServer({ ...NONE, state: 'details_needed', requirementsDue: ['external_account'] });
    renderAt(<PayoutAccountSection />, '/userPanel/earnings-detail?connect=refresh');

    expect(await screen.findByText(/Your setup link had expired/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Stripe' })).toBeTruthy();
  });

  it("shows the server's refusal and lets the seller try again", async () => {
    fakeServer(NONE, { post: { status: 409, body: { message: 'Payouts through Stripe are not enabled' } } });
    const visited: string[] = [];
    renderAt(<PayoutAccountSection leave={(url) => visited.push(url)} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Set up payouts with Stripe' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Payouts through Stripe are not enabled');
    expect(screen.getByRole('button', { name: 'Set up payouts with Stripe' }).hasAttribute('disabled')).toBe(false);
    expect(visited).toEqual([]);
  });
});
