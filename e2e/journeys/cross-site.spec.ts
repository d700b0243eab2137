import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';

const REFUSED = 'This request came from another site and was refused.';

/**
 * The attacker's page: another port of the same host, so the browser treats it as same-site and the
 * victim's SameSite=Lax cookie goes along. Its buttons send the marketplace a forged upload (a
 * multipart fetch with real image bytes), a sign-out (a fetch) and a chat message (a plain HTML
 * form, the oldest trick).
 */
const ATTACK_PAGE = (appURL: string, productId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head>
<body>
  <h1>Win a prize</h1>
  <button id="upload">Claim by upload</button>
  <button id="sign-out">Claim by sign-out</button>
  <form method="post" enctype="multipart/form-data" action="${appURL}/api/reskin/reskinFeatureUser">
    <input type="hidden" name="productId" value="${productId}">
    <input type="hidden" name="message" value="Yes">
    <button>Claim by chat</button>
  </form>
  <p id="done"></p>
  <script>
    const send = (path, body) => fetch('${appURL}' + path, { method: 'POST', body, credentials: 'include', mode: 'no-cors' })
      .then(() => { document.getElementById('done').textContent = 'sent ' + path; });
    document.getElementById('sign-out').onclick = () => send('/api/user/signOut');
    document.getElementById('upload').onclick = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64; canvas.height = 40;
      canvas.getContext('2d').fillRect(0, 0, 64, 40);
      const png = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
      const form = new FormData();
      const fields = { type: 'Games', category: 'Android', subCategory: 'Arcades', title: JSON.stringify({ en: 'Forged Runner' }),
        description: JSON.stringify({ en: 'x' }), features: 'Forged', livePreview: 'https://example.com/forged',
        singleAppLicense: '10', multiAppLicense: '30', authorName: 'Eve' };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('featureImg', png, 'f.png');
      form.append('thumbnail', png, 't.png');
      form.append('sourceCode', new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4])], { type: 'application/zip' }), 'g.zip');
      send('/api/product/uploadProduct', form);
    };
  </script>
</body></html>`;

async function attackerSite(appURL: string, productId: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(ATTACK_PAGE(appURL, productId));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/**
 * Clicks and waits until the browser is done with the request to `path`. A fetch from another origin
 * never lets the page (nor Playwright) read the answer: the app's Cross-Origin-Resource-Policy blocks
 * it after it arrived. So what the server did is judged by what it stored.
 */
async function sendFromAttacker(page: Page, appURL: string, path: string, click: () => Promise<void>) {
  const isIt = (request: { url(): string }) => request.url() === `${appURL}${path}`;
  await Promise.all([Promise.race([page.waitForEvent('requestfinished', isIt), page.waitForEvent('requestfailed', isIt)]), click()]);
}

test('a page on another port of the same host cannot post, upload or sign out with the signed-in buyer’s cookie', async ({
  page,
  baseURL,
}) => {
  const appURL = baseURL!;
  await logIn(page, 'buyer@example.com', 'buyer12345');
  await expect(page).toHaveURL(/\/$/);
  const products = (await (await page.request.get('/api/product/uploaded-products')).json()) as { _id: string }[];
  const conversationsBefore = (await (await page.request.get('/api/reskin/myConversations')).json()) as unknown[];
  const mineBefore = (await (await page.request.get('/api/product/uploaded-products?mine=true')).json()) as unknown[];

  const attacker = await attackerSite(appURL, products[0]!._id);
  try {
    await page.goto(attacker.url);
    await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();

    await sendFromAttacker(page, appURL, '/api/product/uploadProduct', () => page.getByRole('button', { name: 'Claim by upload' }).click());
    await sendFromAttacker(page, appURL, '/api/user/signOut', () => page.getByRole('button', { name: 'Claim by sign-out' }).click());
    // The form's post is a navigation, so its answer shows: the refusal, in words (the chat calls answer errorMessage).
    const [chat] = await Promise.all([
      page.waitForResponse(`${appURL}/api/reskin/reskinFeatureUser`),
      page.getByRole('button', { name: 'Claim by chat' }).click(),
    ]);
    expect({ status: chat.status(), body: await chat.json() }).toEqual({ status: 403, body: { errorMessage: REFUSED } });
  } finally {
    attacker.server.close();
  }

  // Nothing was written, and the buyer is still signed in, in the site itself.
  expect(await (await page.request.get('/api/reskin/myConversations')).json()).toHaveLength(conversationsBefore.length);
  expect(await (await page.request.get('/api/product/uploaded-products?mine=true')).json()).toHaveLength(mineBefore.length);
  await page.goto('/userPanel/purchases');
  await expect(page).toHaveURL(/\/userPanel\/purchases$/);
});

test('the site’s own pages still write, sending their own Origin: the buyer signs in and signs out from the header', async ({
  page,
  baseURL,
}) => {
  const appURL = baseURL!;
  const writes: { path: string; origin: string | undefined; status: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (request.method() === 'GET' || !request.url().startsWith(`${appURL}/api/`)) return;
    const response = await request.response();
    writes.push({ path: new URL(request.url()).pathname, origin: (await request.allHeaders()).origin, status: response?.status() ?? 0 });
  });

  await logIn(page, 'buyer@example.com', 'buyer12345');
  await expect(page).toHaveURL(/\/$/);
  await page.locator('#user-menu').click();
  await page.getByText('Logout').click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // Signing in also merges the browser's cart and wishlist into the account's (POST /api/cart, /api/wishlist).
  const sessionWrites = () => writes.filter((write) => write.path.startsWith('/api/user/'));
  await expect.poll(() => sessionWrites().map((write) => write.path)).toEqual(['/api/user/signIn', '/api/user/signOut']);
  expect(sessionWrites()).toEqual([
    { path: '/api/user/signIn', origin: appURL, status: 200 },
    { path: '/api/user/signOut', origin: appURL, status: 200 },
  ]);
  for (const write of writes) expect(write.origin).toBe(appURL);
});
