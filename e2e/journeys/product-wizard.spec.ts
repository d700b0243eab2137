import { expect, test, type Locator, type Page, type Request } from '../support/test.js';
import { logIn } from '../support/accounts.js';
import { PNG_IMAGE, zipWithOneFile } from '../support/files.js';
import { tabTo } from '../support/keyboard.js';

const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_IMAGE });
const zip = (name: string) => ({ name, mimeType: 'application/zip', buffer: zipWithOneFile('README.md', `# ${name}`) });

const isUpload = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/product/uploadProduct';

/** Every upload request the page sends, in order. */
function recordUploads(page: Page): Request[] {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (isUpload(request)) uploads.push(request);
  });
  return uploads;
}

const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 3/ });
const successDialog = (page: Page) => page.getByRole('dialog', { name: 'Product uploaded successfully!' });
/** Red messages under fields (Bootstrap's invalid-feedback) and fields marked invalid. */
const fieldErrors = (page: Page) => page.locator('.product-wizard .invalid-feedback, .product-wizard [aria-invalid="true"]');

async function signInAsSeller(page: Page) {
  await logIn(page, 'seller@example.com', 'seller12345');
  await expect(page).toHaveURL(/\/$/);
}

test('going back a step and forward again never uploads; only Submit does, once', async ({ page }) => {
  const uploads = recordUploads(page);
  const title = `Back And Forth ${Date.now().toString(36)}`;
  await signInAsSeller(page);
  await page.goto('/userPanel/user-upload-product');

  await page.getByLabel('Title (English)').fill(title);
  await page.getByRole('textbox', { name: 'Description (English)' }).fill('A puzzle game.');
  await page.getByLabel('Type').selectOption('Games');
  await page.getByRole('combobox', { name: /^Category/ }).selectOption('Unity');
  await page.getByLabel('Sub Category').selectOption('Puzzle');
  await page.getByRole('textbox', { name: 'Features' }).fill('Sixty levels.');
  await page.getByLabel('Feature Image').setInputFiles(image('feature.png'));
  await page.getByLabel('Thumbnail').setInputFiles(image('thumb.png'));
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(stepHeading(page)).toHaveText('Step 2 of 3: Media, links and file');

  await page.getByLabel('Live Preview').fill('https://example.com/back-and-forth');
  await page.getByLabel('Product File').setInputFiles(zip('back-and-forth.zip'));
  await page.getByLabel('Single App License (USD)').fill('9.99');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(stepHeading(page)).toHaveText('Step 3 of 3: Licences and author');

  // Step 3 opens clean: nothing has been attempted there yet.
  await expect(page.getByText('Enter a price in US dollars')).toHaveCount(0);
  await expect(page.getByText('Enter the author studio name')).toHaveCount(0);
  await expect(fieldErrors(page)).toHaveCount(0);

  await page.getByLabel('Multi App License (USD)').fill('29.99');
  await page.getByLabel('Author Studio Name').fill('Back Forth Studio');

  // Back to step 2, then Next again: the button under the pointer becomes Submit, but the click was a Next.
  await page.getByRole('button', { name: 'Previous Step' }).click();
  await expect(stepHeading(page)).toHaveText('Step 2 of 3: Media, links and file');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(stepHeading(page)).toHaveText('Step 3 of 3: Licences and author');
  await expect(page.getByLabel('Author Studio Name')).toHaveValue('Back Forth Studio');
  await page.waitForTimeout(1_000);
  expect(uploads).toHaveLength(0);
  await expect(successDialog(page)).toHaveCount(0);

  // A double click on Submit sends one upload.
  await page.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(successDialog(page)).toBeVisible();
  await page.waitForTimeout(500);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

/** toContainText folds whitespace, so a tab character is looked for in the raw text. */
const hasTabCharacter = (editor: Locator) => editor.evaluate((element) => (element.textContent ?? '').includes('\t'));

/** Types into the focused control; for a select, typing the option's first letters picks it. */
const typeText = (page: Page, text: string) => page.keyboard.type(text);

test('a seller signs in and uploads a product with the keyboard alone, Tab leaving each rich-text editor', async ({ page }) => {
  const uploads = recordUploads(page);
  const title = `Keyboard Quest ${Date.now().toString(36)}`;

  await page.goto('/Login');
  await tabTo(page, page.getByLabel('User Email'));
  await typeText(page, 'seller@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('User Password')).toBeFocused();
  await typeText(page, 'seller12345');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/userPanel/user-upload-product');
  const description = page.getByRole('textbox', { name: 'Description (English)' });
  const features = page.getByRole('textbox', { name: 'Features', exact: true });
  await expect(description).toHaveAccessibleDescription(/Tab leaves the editor/);

  // Step 1.
  await tabTo(page, page.getByLabel('Title (English)'));
  await typeText(page, title);
  await page.keyboard.press('Enter'); // Enter in a step-1 field never uploads.
  await page.keyboard.press('Tab');
  await tabTo(page, description);
  await typeText(page, 'A maze game played with the arrow keys.');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Keywords (English)')).toBeFocused();
  expect(await hasTabCharacter(description)).toBe(false);
  // Shift+Tab goes back into the editor, and a second one leaves it backwards for its toolbar.
  await page.keyboard.press('Shift+Tab');
  await expect(description).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(description).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.closest('[role="toolbar"]')?.getAttribute('aria-label'))).toBe('Formatting');
  await tabTo(page, page.getByLabel('Keywords (English)'));
  await typeText(page, 'maze, keyboard');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Type')).toBeFocused();
  await typeText(page, 'Games');
  await expect(page.getByLabel('Type')).toHaveValue('Games');
  await page.keyboard.press('Tab');
  await typeText(page, 'Unity');
  await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue('Unity');
  await page.keyboard.press('Tab');
  await typeText(page, 'Puzzle');
  await expect(page.getByLabel('Sub Category')).toHaveValue('Puzzle');
  await tabTo(page, features);
  await typeText(page, 'Forty mazes.');
  await page.keyboard.press('Tab');
  const featureImage = page.getByLabel('Feature Image');
  await expect(featureImage).toBeFocused();
  await featureImage.setInputFiles(image('feature.png'));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Thumbnail')).toBeFocused();
  await page.getByLabel('Thumbnail').setInputFiles(image('thumb.png'));
  await tabTo(page, page.getByRole('button', { name: 'Next Step' }));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toHaveText('Step 2 of 3: Media, links and file');
  await expect(stepHeading(page)).toBeFocused();

  // Step 2.
  await tabTo(page, page.getByLabel('Live Preview'));
  await typeText(page, 'https://example.com/keyboard-quest');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Product File')).toBeFocused();
  await page.getByLabel('Product File').setInputFiles(zip('keyboard-quest.zip'));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Version' })).toBeFocused();
  await typeText(page, '1.0.1');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Single App License (USD)')).toBeFocused();
  await typeText(page, '14.99');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Next Step' }));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toHaveText('Step 3 of 3: Licences and author');
  await expect(stepHeading(page)).toBeFocused();
  await expect(fieldErrors(page)).toHaveCount(0);

  // Step 3, then back to step 2 and forward again: nothing is uploaded.
  await tabTo(page, page.getByLabel('Multi App License (USD)'));
  await typeText(page, '39.99');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Author Studio Name')).toBeFocused();
  await typeText(page, 'Keyboard Works');
  await tabTo(page, page.getByRole('button', { name: 'Previous Step' }));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toHaveText('Step 2 of 3: Media, links and file');
  await expect(stepHeading(page)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Next Step' }));
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toHaveText('Step 3 of 3: Licences and author');
  await expect(stepHeading(page)).toBeFocused();
  await page.waitForTimeout(500);
  expect(uploads).toHaveLength(0);
  await expect(successDialog(page)).toHaveCount(0);

  // Submit by keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(successDialog(page)).toBeVisible();
  await expect(successDialog(page).getByRole('button', { name: 'OK' })).toBeFocused();
  expect(uploads).toHaveLength(1);
  // The popup's archive note changes once the background check ends; the seller reads it, then presses OK.
  await expect(successDialog(page).getByText(/^Archive of version 1\.0\.1:/)).toBeVisible();
  await expect(successDialog(page).getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(successDialog(page)).toHaveCount(0);
  await expect(stepHeading(page)).toHaveText('Step 1 of 3: Product details');
  await expect(stepHeading(page)).toBeFocused();
  await expect(page.getByLabel('Title (English)')).toHaveValue('');
});

test('the edit dialog opens on its title and Tab leaves its rich-text editors', async ({ page }) => {
  await signInAsSeller(page);
  await page.goto('/userPanel/user-uploaded-products');
  await tabTo(page, page.getByRole('button', { name: 'Edit product' }).first());
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  const features = dialog.getByRole('textbox', { name: 'Features', exact: true });
  await expect(features).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Edit Product' })).toBeFocused();
  await expect(features).not.toBeFocused();

  await tabTo(page, features);
  // Indenting stays on the keyboard, on Ctrl+] and Ctrl+[.
  await expect(features).toHaveAccessibleDescription(/Ctrl\+\] indents, Ctrl\+\[ outdents/);
  await page.keyboard.press('Control+BracketRight');
  await expect(features.locator('.ql-indent-1')).toHaveCount(1);
  await page.keyboard.press('Control+BracketLeft');
  await expect(features.locator('[class*="ql-indent"]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Feature Image')).toBeFocused();
  expect(await hasTabCharacter(features)).toBe(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('one click on Next or Update right after leaving a wrong field is enough', async ({ page }) => {
  await signInAsSeller(page);
  await page.goto('/userPanel/user-upload-product');
  // Leaving the empty title for Next: the click checks the whole step and focuses the title.
  await page.getByLabel('Title (English)').focus();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await expect(page.getByText('Choose a type')).toBeVisible();
  await expect(page.getByLabel('Title (English)')).toBeFocused();
  await expect(page.getByLabel('Title (English)')).toHaveAccessibleDescription('Enter a title');

  // The edit dialog (not full screen at 1280 px): a malformed link, then one click on Update.
  await page.goto('/userPanel/user-uploaded-products');
  await page.getByRole('button', { name: 'Edit product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  const livePreview = dialog.getByLabel('Live Preview');
  await livePreview.fill('not a url');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(livePreview).toBeFocused();
  await expect(livePreview).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`the wizard's history and draft at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Back and Forward move between steps, and Back, Forward, a reload or leaving keep the text until it is discarded', async ({
      page,
    }) => {
      const title = `Kept Draft ${Date.now().toString(36)}`;
      await signInAsSeller(page);
      await page.goto('/userPanel/user-upload-product');

      await page.getByLabel('Title (English)').fill(title);
      await page.getByRole('textbox', { name: 'Description (English)' }).fill('A racing game.');
      await page.getByLabel('Type').selectOption('Games');
      await page.getByRole('combobox', { name: /^Category/ }).selectOption('Unity');
      await page.getByLabel('Sub Category').selectOption('Puzzle');
      await page.getByRole('textbox', { name: 'Features' }).fill('Twelve tracks.');
      await page.getByLabel('Feature Image').setInputFiles(image('feature.png'));
      await page.getByLabel('Thumbnail').setInputFiles(image('thumb.png'));
      await page.getByRole('button', { name: 'Next Step' }).click();
      await expect(stepHeading(page)).toHaveText('Step 2 of 3: Media, links and file');
      await expect(page).toHaveURL(/\?step=2$/);
      await page.getByLabel('Live Preview').fill('https://example.com/kept-draft');

      // Back is Previous; Forward is Next, with what was typed.
      await page.goBack();
      await expect(stepHeading(page)).toHaveText('Step 1 of 3: Product details');
      await expect(page.getByLabel('Title (English)')).toHaveValue(title);
      await page.goForward();
      await expect(stepHeading(page)).toHaveText('Step 2 of 3: Media, links and file');
      await expect(page.getByLabel('Live Preview')).toHaveValue('https://example.com/kept-draft');

      // A reload keeps the text as a draft (files are chosen again).
      await page.waitForTimeout(500);
      await page.reload();
      await expect(stepHeading(page)).toHaveText('Step 2 of 3: Media, links and file');
      await expect(page.getByText('Your draft was restored.')).toBeVisible();
      await expect(page.getByLabel('Live Preview')).toHaveValue('https://example.com/kept-draft');
      await page.getByRole('button', { name: 'Previous Step' }).click();
      await expect(stepHeading(page)).toHaveText('Step 1 of 3: Product details');
      await expect(page.getByLabel('Title (English)')).toHaveValue(title);
      await expect(page.getByRole('textbox', { name: 'Features' })).toContainText('Twelve tracks.');

      // Leaving by a link asks first; staying keeps everything.
      const dashboard = page.getByRole('link', { name: 'Dashboard' }).last();
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await dashboard.click();
      await expect.poll(() => asked).toContain('Leave the upload form?');
      await expect(page).toHaveURL(/\/userPanel\/user-upload-product/);

      // Leaving anyway, then Back: the draft is there again.
      page.once('dialog', (dialog) => void dialog.accept());
      await dashboard.click();
      await expect(page).toHaveURL(/\/userPanel\/user-dashboard$/);
      await page.goBack();
      await expect(page.getByLabel('Title (English)')).toHaveValue(title);

      // Discarded: the form is empty, and stays empty after a reload.
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await expect(stepHeading(page)).toHaveText('Step 1 of 3: Product details');
      await expect(page.getByLabel('Title (English)')).toHaveValue('');
      await page.reload();
      await expect(page.getByLabel('Title (English)')).toHaveValue('');
      await expect(page.getByText('Your draft was restored.')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
    });
  });
}
