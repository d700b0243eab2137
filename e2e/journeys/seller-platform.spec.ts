import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test, type Browser, type Page } from '../support/test.js';
import { confirmItIsYou, logIn } from '../support/accounts.js';
import { expectAccessibleAtBothWidths } from '../support/axe.js';
import { tabTo } from '../support/keyboard.js';

const SELLER = { email: 'seller@example.com', password: 'seller12345' };
const DAY_MS = 24 * 60 * 60_000;

async function sellerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, SELLER.email, SELLER.password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A seller's own receiver on 127.0.0.1 (a free port): answers 200 and keeps every request it got. */
async function startReceiver() {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/market`, hits, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** What the Standard Webhooks reference verifier says of a request: 'ok' or its reason. */
function verify(secret: string, hit: Hit): string {
  try {
    new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

test('a seller makes a scoped token with the keyboard, uses it once and revokes it', async ({ browser, request }) => {
  const page = await sellerPage(browser);
  await page.goto('/userPanel/api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible();
  const name = `Build server ${Date.now().toString(36)}`;

  // The form, by keyboard alone: a name, two scopes, 30 days, Enter on the button.
  const nameInput = page.getByLabel('Token name');
  await tabTo(page, nameInput);
  await page.keyboard.type(name);
  const scopes = page.getByRole('group', { name: 'What the token may do' });
  for (const scope of ['products:read', 'sales:read']) {
    const box = scopes.getByRole('checkbox', { name: new RegExp(scope) });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  const expiry = page.getByLabel('Expires after');
  await tabTo(page, expiry);
  // Typing picks the choice that starts so, as in any select.
  await page.keyboard.type('30');
  await expect(expiry).toHaveValue('30');
  await tabTo(page, page.getByRole('button', { name: 'Create token' }));
  await page.keyboard.press('Enter');
  // A fresh confirmation first (docs/decisions/0016), by keyboard too: the dialog's field has the focus.
  const password = page.getByRole('dialog', { name: 'Confirm it is you' }).getByLabel('Your password');
  await expect(password).toBeFocused();
  await page.keyboard.type(SELLER.password);
  await page.keyboard.press('Enter');

  // The token, once, taking the focus so a screen reader reads it.
  const shown = page.getByRole('region', { name: `Your new token “${name}”` });
  await expect(shown).toBeFocused();
  const token = (await shown.locator('code').textContent())!.trim();
  expect(token).toMatch(/^smk_/);

  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row.getByRole('cell').first()).toHaveText('products:readsales:read');
  const expires = Date.parse((await row.locator('time').first().getAttribute('datetime'))!);
  expect(Math.abs(expires - (Date.now() + 30 * DAY_MS))).toBeLessThan(DAY_MS);
  await expect(row.getByRole('cell', { name: 'Never', exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'tokens with a new one');

  // The seller's program uses it: no cookies, only the Bearer token.
  const products = await request.get('/api/v1/products', { headers: { authorization: `Bearer ${token}` } });
  expect(products.status(), await products.text()).toBe(200);

  // Shown once: gone after a reload, and the token now has a last use.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByRole('region', { name: /Your new token/ })).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(row.getByRole('cell', { name: 'Never', exact: true })).toHaveCount(0);
  const lastUsed = Date.parse((await row.locator('time').nth(1).getAttribute('datetime'))!);
  expect(Math.abs(lastUsed - Date.now())).toBeLessThan(5 * 60_000);
  await expectAccessibleAtBothWidths(page, 'tokens after a use');

  // Revoked, by keyboard too; the program's next call is refused.
  await tabTo(page, row.getByRole('button', { name: 'Revoke' }));
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'Yes, revoke' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your tokens' })).toBeFocused();
  const afterRevoke = await request.get('/api/v1/products', { headers: { authorization: `Bearer ${token}` } });
  expect(afterRevoke.status()).toBe(401);
});

test('a seller registers a webhook endpoint, sends a test event and replays it, signed each time', async ({ browser }) => {
  const receiver = await startReceiver();
  try {
    const page = await sellerPage(browser);
    await page.goto('/userPanel/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    // An address that is no address: the error is on the field, read with it, and the field has the focus.
    const form = page.getByRole('form', { name: 'New endpoint' });
    const address = form.getByRole('textbox', { name: 'Address' });
    await expect(address).toBeFocused();
    await address.fill('hooks.example.com/market');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(/Enter an address starting with https:\/\//);
    await expect(address).toBeFocused();
    await expectAccessibleAtBothWidths(page, 'webhook form with an error');

    await address.fill(receiver.url);
    const events = form.getByRole('group', { name: 'Events' });
    await expect(events.getByRole('checkbox', { name: /order\.paid/ })).toBeChecked();
    await events.getByRole('checkbox', { name: /order\.refunded/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await confirmItIsYou(page, SELLER.password);

    // The signing secret, once.
    const secretNotice = page.getByRole('region', { name: `Signing secret of ${receiver.url}` });
    await expect(secretNotice.getByRole('heading')).toBeFocused();
    const secret = await secretNotice.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessibleAtBothWidths(page, 'webhooks with a new secret');
    await secretNotice.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secretNotice).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your endpoints' })).toBeFocused();

    const endpoint = page.getByRole('listitem', { name: receiver.url });
    await expect(endpoint.getByText('order.paid')).toBeVisible();
    await expect(endpoint.getByText('order.refunded')).toBeVisible();

    // A test event: sent in the background (woken at once, else within WEBHOOK_ROUND_INTERVAL_MS, 5 s).
    await endpoint.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(1);
    const deliveries = endpoint.getByRole('table', { name: receiver.url });
    const first = deliveries.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /webhook\.test/ }) });
    await expect(first).toHaveCount(1);
    await expect(first).toContainText('Delivered');
    await expect(first).toContainText('200');
    await expect(first).toContainText(/\d+ ms/);
    await expect(first).toContainText('thanks');
    expect(verify(secret, receiver.hits[0]!)).toBe('ok');
    expect(JSON.parse(receiver.hits[0]!.body)).toMatchObject({ type: 'webhook.test' });

    // The replay: the same message, the same webhook-id, signed again.
    await first.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(2);
    const [sent, replayed] = receiver.hits as [Hit, Hit];
    expect(replayed.headers['webhook-id']).toBe(sent.headers['webhook-id']);
    expect(replayed.body).toBe(sent.body);
    expect(verify(secret, replayed)).toBe('ok');
    expect(verify(`whsec_${Buffer.from('not the secret').toString('base64')}`, replayed)).toBe('No matching signature found');
    await expect(deliveries.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(2);
    // The new row slides a Replay button under the pointer: its hover colours fade in over 0.15 s, and
    // axe caught them half-way (a contrast between the two). The pointer leaves first.
    await page.mouse.move(0, 0);
    await expectAccessibleAtBothWidths(page, 'webhooks with deliveries');
  } finally {
    await receiver.close();
  }
});
