import { logIn, newPerson, signUp } from '../support/accounts.js';
import { expectAccessibleAtBothWidths } from '../support/axe.js';
import { tabTo } from '../support/keyboard.js';
import { type BrowserContext, expect, type Page, test as journey } from '../support/test.js';

/**
 * WebAuthn needs a secure context and an RP ID that is a host name, never an IP address:
 * http://localhost is both, so this journey opens the same app server there (docs/decisions/0017).
 */
const test = journey.extend({
  baseURL: async ({ baseURL }, use) => use(baseURL!.replace('//127.0.0.1:', '//localhost:')),
});

/** Chromium's virtual authenticator (DevTools protocol): a platform authenticator that keeps discoverable passkeys and says yes. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey is added and renamed by keyboard, then signs in alone; a browser without it is told so', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const localUrl = baseURL!;
  const person = newPerson('Robin Passkey');
  // Signed up, and so signed in.
  await signUp(page, person);
  await expect(page).toHaveURL(`${localUrl}/Login`);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);

  await page.goto('/userPanel/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('No passkeys yet')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'passkeys, none yet');

  // Added by keyboard: the virtual authenticator answers for the person's fingerprint.
  const add = page.getByRole('button', { name: 'Add a passkey' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Your passkeys' })).toBeFocused();
  // Named after the browser and system it was made on (the Desktop Chrome device says Windows).
  await expect(list.getByRole('heading', { name: /^Chrome on / })).toBeVisible();
  await expect(list.getByText('Never used to sign in')).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  // Renamed by keyboard in its inline form.
  await tabTo(page, list.getByRole('button', { name: 'Rename' }));
  await page.keyboard.press('Enter');
  const name = page.getByLabel('Name of the passkey');
  await expect(name).toBeFocused();
  await page.keyboard.type('Work laptop');
  await page.keyboard.press('Enter');
  await expect(list.getByRole('heading', { name: 'Work laptop' })).toBeFocused();
  await expectAccessibleAtBothWidths(page, 'passkeys, one named');

  // Signed out, then in again with the passkey alone: no email, no password.
  await page.request.post('/api/user/signOut', { headers: { origin: localUrl } });
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/Login');
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'login with a passkey button');
  await passkeyButton.click();
  await expect(page).toHaveURL(`${localUrl}/`);
  const me = await page.request.get('/api/user/currentUser');
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(person.email);

  await page.goto('/userPanel/security');
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(/Last used/)).toBeVisible();

  // The password alone no longer signs in: the passkey is the account's second factor (docs/decisions/0017).
  await page.request.post('/api/user/signOut', { headers: { origin: localUrl } });
  await page.evaluate(() => sessionStorage.clear());
  await logIn(page, person.email, person.password);
  await expect(page.getByText('Your password was right. Now confirm with one of your passkeys.')).toBeVisible();
  expect((await page.request.get('/api/user/currentUser')).status()).toBe(401);
  await expectAccessibleAtBothWidths(page, 'the passkey as the second factor');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${localUrl}/`);
  expect((await (await page.request.get('/api/user/currentUser')).json()).email).toBe(person.email);

  // Another browser, whose authenticator holds no passkey for this site: a clear refusal, and no session.
  // (With no authenticator at all, Chromium would wait for one until the options' timeout.)
  const other = await browser.newContext({ baseURL: localUrl });
  const otherPage = await other.newPage();
  const empty = await addVirtualAuthenticator(other, otherPage);
  expect((await empty.cdp.send('WebAuthn.getCredentials', { authenticatorId: empty.authenticatorId })).credentials).toEqual([]);
  await otherPage.goto('/Login');
  await otherPage.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(otherPage.getByRole('alert')).toContainText('No passkey was used');
  expect((await otherPage.request.get('/api/user/currentUser')).status()).toBe(401);
  await expectAccessibleAtBothWidths(otherPage, 'login after a refused passkey');
});
