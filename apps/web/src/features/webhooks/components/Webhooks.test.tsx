// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookEndpoint } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { Webhooks } from './Webhooks';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    _id: 'endpoint_0001',
    url: 'https://hooks.example.com/market',
    events: ['order.paid'],
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    previousSecretExpiresAt: null,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A server holding the seller's endpoints: answers the list and records each new one as the real one does. */
function fakeServer(initial: WebhookEndpoint[], refuseUrl = false) {
  const endpoints = [...initial];
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/webhooks/endpoints' && method === 'GET') return { status: 200, body: { endpoints } };
    if (url === '/api/webhooks/endpoints' && method === 'POST') {
      if (refuseUrl) {
        return {
          status: 400,
          body: {
            message: 'This address cannot be called: hooks.internal resolves to 10.0.0.1',
            errors: [{ field: 'url', message: 'not public' }],
          },
        };
      }
      const made = endpoint({ _id: `endpoint_000${endpoints.length + 1}`, url: body!.url as string, events: body!.events as never });
      endpoints.push(made);
      return { status: 201, body: { ...made, secret: SECRET } };
    }
    return { status: 404, body: { message: `unexpected ${method} ${url}` } };
  });
  return { sent };
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.getByRole('form', { name: 'New endpoint' });
}

describe('Webhooks', () => {
  afterEach(cleanup);

  it('says when there are no endpoints yet', async () => {
    fakeServer([]);
    renderAt(<Webhooks />, '/userPanel/webhooks');
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
  });

  it('adds an endpoint with the events checked in its fieldset, then shows its secret once and focuses it', async () => {
    const { sent } = fakeServer([]);
    renderAt(<Webhooks />, '/userPanel/webhooks');
    const form = await openForm();

    const address = within(form).getByLabelText('Address');
    expect(document.activeElement).toBe(address);
    const events = within(form).getByRole('group', { name: 'Events' });
    expect(within(events).getAllByRole('checkbox').length).toBe(6);
    fireEvent.change(address, { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(within(events).getByRole('checkbox', { name: /review\.created/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const secretHeading = await screen.findByRole('heading', { name: 'Signing secret of https://hooks.example.com/new' });
    await waitFor(() => expect(document.activeElement).toBe(secretHeading));
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(screen.getByText(/it is not shown again/)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/webhooks/endpoints',
        body: { url: 'https://hooks.example.com/new', events: ['order.paid', 'review.created'] },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 3, name: 'https://hooks.example.com/new' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('checks the address and the events before sending, and shows the server’s refusal', async () => {
    const { sent } = fakeServer([], true);
    renderAt(<Webhooks />, '/userPanel/webhooks');
    const form = await openForm();
    const address = within(form).getByLabelText('Address');

    fireEvent.change(address, { target: { value: 'https://user:secret@hooks.example.com/' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /order\.paid/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(within(form).getByText('An address may not carry a user name or password')).toBeTruthy();
    expect(within(form).getByText('Choose at least one event')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(address);
    expect(sent).toEqual([]);

    fireEvent.change(address, { target: { value: 'https://hooks.internal/' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /order\.paid/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/resolves to 10\.0\.0\.1/);
  });

  it('lists each endpoint with its events, state and actions', async () => {
    fakeServer([
      endpoint(),
      endpoint({
        _id: 'endpoint_0002',
        url: 'https://b.example.com/',
        enabled: false,
        disabledReason: 'Every retry of a delivery failed (HTTP 500)',
      }),
    ]);
    renderAt(<Webhooks />, '/userPanel/webhooks');
    await screen.findAllByRole('heading', { level: 3 });
    const off = document.querySelector<HTMLElement>('[data-row-id="endpoint_0002"]')!;
    expect(within(off).getByText('Off', { selector: '.badge' })).toBeTruthy();
    expect(within(off).getByText(/HTTP 500/)).toBeTruthy();
    expect((within(off).getByRole('button', { name: 'Send test' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(off).getByRole('button', { name: 'Turn on' })).toBeTruthy();
    const on = document.querySelector<HTMLElement>('[data-row-id="endpoint_0001"]')!;
    expect(within(on).getByText('order.paid')).toBeTruthy();
    expect(within(on).getByRole('button', { name: 'Show deliveries' }).getAttribute('aria-expanded')).toBe('false');
  });
});
