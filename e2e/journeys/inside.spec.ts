import { expect, test } from '../support/test.js';
import { makeZip, manyFiles, modernAndroidProjectFiles, unityProjectFiles } from '@market/sample-archives';
import { logIn } from '../support/accounts.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { PNG_IMAGE } from '../support/files.js';
import { waitForHydration } from '../support/hydration.js';
import { newAccountApi, uploadProduct } from '../support/panels.js';
import { tabTo } from '../support/keyboard.js';

const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_IMAGE });

test('a seller uploads a Unity project, sees it analysed on the product page and walks its file tree by keyboard', async ({
  page,
  baseURL,
}) => {
  const title = `Inside Shooter ${Date.now().toString(36)}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Ines Seller');
  // Another studio's large archives, uploaded just before ours: the one analysis job works through
  // them first, so the product page is seen while our archive still waits its turn.
  const { api: busyApi } = await newAccountApi(baseURL!, 'Busy Studio');

  await logIn(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/userPanel/user-upload-product');
  await page.getByLabel('Title (English)').fill(title);
  await page.getByRole('textbox', { name: 'Description (English)' }).fill('A space shooter made in Unity.');
  await page.getByLabel('Type').selectOption('Games');
  await page.getByRole('combobox', { name: /^Category/ }).selectOption('Unity');
  await page.getByLabel('Sub Category').selectOption('Arcades');
  await page.getByRole('textbox', { name: 'Features' }).fill('Three levels and a boss.');
  await page.getByLabel('Feature Image').setInputFiles(image('feature.png'));
  await page.getByLabel('Thumbnail').setInputFiles(image('thumb.png'));
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Live Preview').fill('https://example.com/inside-shooter');
  await page
    .getByLabel('Product File')
    .setInputFiles({ name: 'inside-shooter.zip', mimeType: 'application/zip', buffer: makeZip(unityProjectFiles()) });
  await page.getByLabel('Single App License (USD)').fill('19.99');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Multi App License (USD)').fill('49.99');
  await page.getByLabel('Author Studio Name').fill('Inside Studio');

  // Twelve archives of 49,000 files each keep the one analysis job busy for several seconds (about
  // half a second each), longer than the way to the product page: ours waits its turn meanwhile.
  const busyArchive = makeZip(manyFiles(49_000));
  await Promise.all(
    Array.from({ length: 12 }, (_, index) => uploadProduct(busyApi, `Busy Archive ${index} ${Date.now().toString(36)}`, 9.99, busyArchive)),
  );
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/product/uploadProduct'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const product = (await (await answered).json()) as { slug: string };
  const uploaded = page.getByRole('dialog', { name: 'Product uploaded successfully!' });
  await expect(uploaded.getByText('Archive of version 1.0.0: Analysing…')).toBeVisible();

  // The owner opens the product page while the archive waits: the tab says so, then fills in by itself.
  await page.goto(`/downloads/${product.slug}`);
  const insideTab = page.getByRole('tab', { name: 'What’s inside' });
  // The page is rendered on the server: its tabs switch once React has taken them over.
  await waitForHydration(insideTab);
  await insideTab.click();
  await expect(page.getByRole('status').filter({ hasText: 'Analysing…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Engine and SDKs' })).toBeVisible({ timeout: 90_000 });

  const engineRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Unity', exact: true }) });
  await expect(engineRow).toContainText('2022.3.21f1');
  await expect(page.getByRole('list', { name: 'Languages of the own code' }).getByRole('listitem').first()).toHaveText(/^C# \d/);
  await expect(page.locator('.inside-overview')).toHaveText(/^What’s inside: Unity 2022\.3\.21f1 · C# \d+% · \d+ files · /);
  await expect(page.getByText('Only you and the admins see this: no keys or secrets were found in the archive.')).toBeVisible();

  // Keyboard only: from the tab into the tree, then down to Assets/Scripts/Player.cs.
  await insideTab.focus();
  const tree = page.getByRole('tree', { name: 'Files in the archive' });
  await tabTo(page, tree.getByRole('treeitem').first());
  await expect(page.locator(':focus')).toHaveAttribute('aria-level', '1');
  await expect(page.locator(':focus')).toContainText('Assets/');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  const player = page.locator(':focus');
  await expect(player).toHaveAttribute('role', 'treeitem');
  await expect(player).toContainText('Player.cs');
  await expect(player).toHaveAttribute('aria-level', '3');
  await expect(tree.getByRole('treeitem', { name: /^Scripts\// })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.locator('[tabindex="0"]')).toHaveCount(1);

  // Back to the manifest above the tree: its packages fold open with Enter, and axe checks them too.
  await tabTo(page, page.locator('.inside-manifest summary'), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('com.unity.inputsystem')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `/downloads/${title} What’s inside at ${width} px`);
  }

  // Manage Products says the archive was checked.
  await page.goto('/userPanel/user-uploaded-products');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Archive of version 1.0.0: no secrets found.');
  await sellerApi.dispose();
  await busyApi.dispose();
});

test('a seller uploads an Android app with a version catalog and a GPL-3.0 licence and sees both read right', async ({ page, baseURL }) => {
  const title = `Catalog Racer ${Date.now().toString(36)}`;
  const { api: sellerApi, person: seller } = await newAccountApi(baseURL!, 'Gia Seller');
  const product = (await uploadProduct(sellerApi, title, 14.99, makeZip(modernAndroidProjectFiles()))) as { slug?: string };

  await logIn(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/downloads/${product.slug}`);
  const insideTab = page.getByRole('tab', { name: 'What’s inside' });
  await waitForHydration(insideTab);
  await insideTab.click();
  await expect(page.getByRole('heading', { name: 'Engine and SDKs' })).toBeVisible({ timeout: 60_000 });

  const factRow = (label: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  await expect(factRow('Android')).toContainText('API 35');
  await expect(factRow('compileSdk')).toContainText('35');
  await expect(factRow('targetSdk')).toContainText('35');
  await expect(factRow('minSdk')).toContainText('24');
  await expect(factRow('Android Gradle Plugin')).toContainText('8.7.3');
  await expect(factRow('Version catalog')).toContainText('5 libraries, 3 plugins, 1 bundle');
  const licences = page.getByRole('list', { name: 'Licence files' });
  await expect(licences.getByRole('listitem')).toHaveText(['LICENSE: GPL-3.0 (GNU General Public License v3.0, 100% match)Copyleft']);
  await expect(page.locator('.inside-manifest summary').filter({ hasText: 'gradle/libs.versions.toml' })).toContainText(
    'Gradle version catalog · 8 packages',
  );
  await expect(page.getByText(/Counted apart: .* in gradle\/wrapper, gradlew\./)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `/downloads/${title} What’s inside of an Android app at ${width} px`);
  }
  await sellerApi.dispose();
});

test('a visitor narrows a genre to the engine found in the archives', async ({ page }) => {
  await page.goto('/browse-game');
  const arcades = page.getByRole('tab', { name: 'Arcades' });
  await expect(arcades).toHaveAttribute('aria-selected', 'true');
  const games = page.getByRole('tabpanel');
  await expect(games.getByRole('heading', { name: 'Stack Tower' })).toBeVisible();

  await waitForHydration(page.getByRole('combobox', { name: 'Engine' }));
  await page.getByRole('combobox', { name: 'Engine' }).selectOption('Unity');
  await expect(games.getByRole('heading', { name: 'Space Invaders Reborn' })).toBeVisible();
  await expect(games.getByRole('heading', { name: 'Stack Tower' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Engine' }).selectOption('Godot');
  await expect(games.getByText('No Godot games in Arcades yet')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `/browse-game with an engine at ${width} px`);
  }
});
