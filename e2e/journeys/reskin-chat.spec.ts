import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '../support/test.js';
import { logIn, newPerson, signUp } from '../support/accounts.js';
import { PNG_IMAGE } from '../support/files.js';
import { waitForHydration } from '../support/hydration.js';

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The detail page address of an approved product that offers a reskin (docs/product-spec.md §2.2: whitespace runs become hyphens). */
async function reskinnableProductPath(page: Page): Promise<string> {
  const response = await page.request.get('/api/product/uploaded-products');
  const products = (await response.json()) as Array<{ title: { en: string } }>;
  for (const product of products) {
    const slug = product.title.en.trim().replace(/\s+/g, '-');
    const detail = (await (await page.request.get(`/api/product/by-slug/${encodeURIComponent(slug)}`)).json()) as {
      reskinFeatures: string | null;
    };
    if (detail.reskinFeatures) return `/downloads/${slug}`;
  }
  throw new Error('No approved product offers a reskin');
}

async function expectAccessibleAtBothWidths(page: Page, label: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map(
        (violation) => `${label} at ${width}px ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${label} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a user asks for a reskin, the admin answers live, closes the chat and the user can no longer write', async ({ browser }) => {
  const person = newPerson('Riley Reskin');

  // The user signs up (and is signed in) and says Yes to the reskin contact of a product.
  const user = await freshPage(browser);
  await signUp(user, person);
  await expect(user).toHaveURL(/\/Login$/);
  await user.getByRole('link', { name: 'Continue' }).click();
  await expect(user).toHaveURL(/\/$/);
  await user.goto(await reskinnableProductPath(user));
  await user.getByRole('button', { name: 'contact us' }).click();
  await user.getByRole('button', { name: 'Yes' }).click();
  await expect(user).toHaveURL(/\/userPanel\/user-chatbox\?productId=/);
  await expect(user.getByRole('heading', { level: 1, name: 'User Chatbox' })).toBeVisible();
  const userThread = user.getByRole('list', { name: 'Messages' });
  // The opening 'Yes' is hidden.
  await expect(user.getByText('No messages yet.')).toBeVisible();

  await user.getByRole('textbox', { name: 'Message' }).fill('Could the hero be a <b>cat</b>?');
  await user.getByLabel(/^File/).setInputFiles({ name: 'cat-sketch.png', mimeType: 'image/png', buffer: PNG_IMAGE });
  await user.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(userThread.getByText('Could the hero be a <b>cat</b>?')).toBeVisible();
  await expect(userThread.getByRole('link', { name: 'cat-sketch.png' })).toBeVisible();
  await expect(user.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expectAccessibleAtBothWidths(user, 'user chatbox');

  // The admin, in another browser context, sees the chat with one unread message and answers it.
  const admin = await freshPage(browser);
  await logIn(admin, 'admin@example.com', 'admin12345');
  await expect(admin).toHaveURL(/\/$/);
  const markReadCalls: string[] = [];
  admin.on('request', (request) => {
    if (request.url().endsWith('/api/reskin/markUserMessagesAsRead')) markReadCalls.push(request.postData() ?? '');
  });
  await admin.goto('/adminPanel/admin-chatbox');
  const chats = admin.getByRole('navigation', { name: 'Chats' });
  const chat = chats.getByRole('button', { name: new RegExp(person.name) });
  await expect(chat).toBeVisible();
  // Nothing is open until the admin chooses, so the unread count is there to be seen.
  await expect(chat.getByText('unread')).toHaveCount(1);
  await expect(admin.getByRole('list', { name: 'Messages' })).toHaveCount(0);
  expect(markReadCalls, 'nothing is marked read before the admin picks a chat').toEqual([]);
  await chat.click();
  const adminThread = admin.getByRole('list', { name: 'Messages' });
  await expect(adminThread.getByText('Could the hero be a <b>cat</b>?')).toBeVisible();
  // Opening the chat marked the user's message read, with one call to the server for that chat.
  // Other chats (the demo's, other journeys') may still hold unread messages: only this one is read.
  await expect(chat.getByText('unread')).toHaveCount(0);
  expect(markReadCalls).toHaveLength(1);
  expect(JSON.parse(markReadCalls[0]!)).toMatchObject({ productId: expect.any(String), userId: expect.any(String) });
  await expectAccessibleAtBothWidths(admin, 'admin chatbox');

  await admin.getByRole('textbox', { name: 'Message' }).fill('Sure, three days for the cat.');
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(adminThread.getByText('Sure, three days for the cat.')).toBeVisible();
  // Focus is back in the message box, ready for the next message.
  await expect(admin.getByRole('textbox', { name: 'Message' })).toBeFocused();

  // The user sees the answer without reloading.
  await expect(userThread.getByText('Sure, three days for the cat.')).toBeVisible();

  // The admin closes the chat; the user's text, file and send controls disable, live.
  // The switch keeps its name, Chat; what is written beside it follows its state.
  const chatSwitch = admin.getByRole('switch', { name: 'Chat', exact: true });
  const switchState = admin.getByTestId('chat-switch-state');
  await expect(chatSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(switchState).toHaveText('open');
  await chatSwitch.click();
  await expect(chatSwitch).not.toBeChecked();
  await expect(chatSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(switchState).toHaveText('closed: the buyer cannot write');
  await expect(admin.getByText('Chat open')).toHaveCount(0);
  await expect(user.getByText('This chat is closed.')).toBeVisible();
  await expect(user.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(user.getByLabel(/^File/)).toBeDisabled();
  await expect(user.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
});

test('the chat pages show their empty states', async ({ browser }) => {
  const person = newPerson('Quiet User');
  const user = await freshPage(browser);
  await signUp(user, person);
  await expect(user).toHaveURL(/\/Login$/);
  await user.getByRole('link', { name: 'Continue' }).click();
  await expect(user).toHaveURL(/\/$/);
  await user.goto('/userPanel/user-chatbox');
  await expect(user.getByText('You are not about to chat yet')).toBeVisible();
  await expectAccessibleAtBothWidths(user, 'empty user chatbox');
});

test('an admin saying Yes to a reskin is sent to the admin chatbox, and a visitor is offered sign-up and login', async ({ browser }) => {
  const admin = await freshPage(browser);
  await logIn(admin, 'admin@example.com', 'admin12345');
  await expect(admin).toHaveURL(/\/$/);
  const productPath = await reskinnableProductPath(admin);
  await admin.goto(productPath);
  // The admin's answer depends on the session, which the app reads once it owns the page.
  await waitForHydration(admin.getByRole('button', { name: 'contact us' }));
  await admin.getByRole('button', { name: 'contact us' }).click();
  await admin.getByRole('button', { name: 'Yes' }).click();

  await expect(admin.getByText('Please Signup First')).toHaveCount(0);
  await expect(admin.getByText('Reskin requests come from buyers')).toBeVisible();
  await admin.getByRole('link', { name: 'Admin Chatbox' }).click();
  await expect(admin).toHaveURL(/\/adminPanel\/admin-chatbox$/);

  const visitor = await freshPage(browser);
  await visitor.goto(productPath);
  await visitor.getByRole('button', { name: 'contact us' }).click();
  await visitor.getByRole('button', { name: 'Yes' }).click();
  const offer = visitor.locator('.reskin-refusal');
  await expect(offer).toContainText('Please Signup First');
  await expect(offer.getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/sign-up');
  await offer.getByRole('link', { name: 'log in' }).click();
  await visitor.getByLabel('User Email').fill('buyer@example.com');
  await visitor.getByLabel('User Password').fill('buyer12345');
  await visitor.getByRole('button', { name: 'Log In' }).click();
  // Signing in returns to the product the login was asked from.
  await expect.poll(() => new URL(visitor.url()).pathname).toBe(productPath);
  await expect(visitor.getByRole('button', { name: 'contact us' })).toBeVisible();
  await expect(visitor.getByText('Please Signup First')).toHaveCount(0);
});
