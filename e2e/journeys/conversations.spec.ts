import { expectNoAxeViolations } from '../support/axe.js';
import { expect, test, type Browser, type Page } from '../support/test.js';
import { logIn } from '../support/accounts.js';

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, 'admin@example.com', 'admin12345');
  await expect(page).toHaveURL(/\/$/);
  return page;
}

test('a visitor comments on a game, sees it at the top as text, and the admin sees it with the email', async ({ browser, page }) => {
  const stamp = Date.now().toString(36);
  const listing = await page.request.get('/api/product/uploaded-products?limit=1');
  const [product] = (await listing.json()) as Array<{ title: { en: string } }>;
  const title = product!.title.en;
  const comment = `Great physics <b>${stamp}</b>`;

  await page.goto(`/downloads/${title.replace(/\s+/g, '-')}`);
  await page.getByRole('tab', { name: 'Comments' }).click();
  await page.getByLabel(/^Name/).fill('Visiting Val');
  await page.getByLabel('Email').fill(`val.${stamp}@example.com`);
  // Blanks pass the browser's required check; the server's answer shows in red under the form.
  await page.getByRole('textbox', { name: /^Comment/ }).fill('   ');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Write a comment' })).toBeVisible();

  await page.getByRole('textbox', { name: /^Comment/ }).fill(comment);
  await page.getByRole('button', { name: 'Post Comment' }).click();

  await expect(page.getByText('Message send successfully')).toBeVisible();
  const newest = page.getByRole('list', { name: 'Comments, newest first' }).getByRole('listitem').first();
  await expect(newest).toContainText('Visiting Val');
  await expect(newest).toContainText(comment);
  await expect(newest.locator('b')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Comment/ })).toHaveValue('');
  await expect(page.getByText('Write a comment')).toHaveCount(0);

  const admin = await adminPage(browser);
  await admin.goto('/adminPanel/uploaded-comments');
  const row = admin.getByRole('row').filter({ hasText: stamp });
  await expect(row).toContainText(`val.${stamp}@example.com`);
  await expect(row).toContainText(title);
});

test('a visitor sends the contact form and the admin reads the message under Manage Developer', async ({ browser, page }) => {
  const stamp = Date.now().toString(36);
  await page.goto('/contact-us');
  await page.getByLabel(/^Name/).fill('Casey Contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Field with * should be filled')).toBeVisible();

  await page.getByLabel('Email').fill(`casey.${stamp}@example.com`);
  await page.getByLabel('Company Name').fill(`Casey Co ${stamp}`);
  await page.getByLabel('Message').fill('Do you port Unity games to consoles?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Success: Your message has been sent successfully')).toBeVisible();
  await expect(page.getByText('Field with * should be filled')).toHaveCount(0);
  await expect(page.getByLabel(/^Name/)).toHaveValue('');

  const admin = await adminPage(browser);
  await admin.goto('/adminPanel/manage-developer');
  const messages = admin.getByRole('region', { name: 'Contact Messages' });
  const message = messages.getByRole('article').filter({ hasText: `Casey Co ${stamp}` });
  await expect(message).toContainText(`casey.${stamp}@example.com`);
  await expect(message).toContainText('Do you port Unity games to consoles?');
});

test('a visitor asks to hire a developer with rich-text requirements and the admin opens the request', async ({ browser, page }) => {
  const stamp = Date.now().toString(36);
  await page.goto('/hire-developer');
  await expect(page.getByRole('list', { name: 'How it works' }).getByRole('listitem')).toHaveCount(3);
  await page.getByLabel(/^Name/).fill(`Harper ${stamp}`);
  await page.getByLabel('Email').fill(`harper.${stamp}@example.com`);
  await page.getByLabel('Company Name').fill('Harper Games');
  await page.getByLabel('Platform').selectOption('Godot');
  await page.getByRole('textbox', { name: 'Requirements' }).fill('A co-op puzzle game for four players.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Success: Your request has been sent successfully')).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue('');

  const admin = await adminPage(browser);
  await admin.goto('/adminPanel/manage-developer');
  const row = admin
    .getByRole('region', { name: 'Hire Requests' })
    .getByRole('row')
    .filter({ hasText: `Harper ${stamp}` });
  await expect(row).toContainText('Godot');
  await row.getByRole('button', { name: 'Open' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Hire Request' });
  await expect(dialog).toContainText(`harper.${stamp}@example.com`);
  await expect(dialog).toContainText('Harper Games');
  await expect(dialog).toContainText('A co-op puzzle game for four players.');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the contact and hire pages have no accessibility violations and no sideways scroll', async ({ page }) => {
      for (const [path, heading] of [
        ['/contact-us', 'Contact Us'],
        ['/hire-developer', 'Hire a Developer'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText('Loading editor…')).toHaveCount(0);
        await expectNoAxeViolations(page, path);
      }
    });

    test('the admin comment and developer pages have no accessibility violations and no sideways scroll', async ({ page }) => {
      await logIn(page, 'admin@example.com', 'admin12345');
      await expect(page).toHaveURL(/\/$/);
      for (const [path, heading] of [
        ['/adminPanel/uploaded-comments', 'Uploaded Comments'],
        ['/adminPanel/manage-developer', 'Manage Developer'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('.page-spinner')).toHaveCount(0);
        await expectNoAxeViolations(page, path);
      }
    });
  });
}
