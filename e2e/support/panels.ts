import { expect, request, type APIRequestContext } from '@playwright/test';
import { newPerson } from './accounts.js';
import { apiAs } from './commerce.js';
import { PNG_IMAGE, zipWithOneFile } from './files.js';

/**
 * Data of a journey's own, made over HTTP, so an admin journey that approves or pays does not use
 * up the demo data other journeys expect, whatever order they run in.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };

const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_IMAGE });

/** A new account, signed up and signed in through the API (the browser stays untouched). */
export async function newAccountApi(
  baseURL: string,
  name: string,
): Promise<{ api: APIRequestContext; person: ReturnType<typeof newPerson> }> {
  const person = newPerson(name);
  const visitor = await request.newContext({ baseURL });
  const created = await visitor.post('/api/user/addUser', { data: { ...person, confirmPassword: person.password } });
  expect(created.ok(), await created.text()).toBe(true);
  await visitor.dispose();
  return { api: await apiAs(baseURL, person.email, person.password), person };
}

/** A product uploaded by `seller` as the wizard sends it; a User's upload waits as Pending. */
export async function uploadProduct(
  seller: APIRequestContext,
  title: string,
  singleAppLicense = 49.99,
  sourceCode: Buffer = zipWithOneFile('README.md', `# ${title}`),
): Promise<{ _id: string; status: string; slug: string }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    type: 'Games',
    title: JSON.stringify({ en: title }),
    description: JSON.stringify({ en: `<p>${title}, made for a journey.</p>` }),
    keywords: JSON.stringify({ en: 'journey, keyboard' }),
    category: 'Android',
    subCategory: 'Arcades',
    features: '<p>Levels and a shop</p>',
    frameWork: 'Unity',
    singleAppLicense: String(singleAppLicense),
    multiAppLicense: String(singleAppLicense * 2),
    developmentHours: '40',
    authorName: 'Journey Studio',
    livePreview: 'https://example.com/preview',
    googlePlayLink: 'https://play.google.com/store/apps/details?id=com.journey.keyboard',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries({
    featureImg: image('feature.png'),
    thumbnail: image('thumb.png'),
    screenshots: image('shot.png'),
  })) {
    form.append(name, new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
  }
  form.append('sourceCode', new File([new Uint8Array(sourceCode)], 'source.zip', { type: 'application/zip' }));
  const response = await seller.post('/api/product/uploadProduct', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string; status: string; slug: string };
}

export async function approveAsAdmin(baseURL: string, productId: string) {
  const admin = await apiAs(baseURL, ADMIN.email, ADMIN.password);
  const response = await admin.put(`/api/product/approved-product/${productId}`);
  expect(response.ok(), await response.text()).toBe(true);
  await admin.dispose();
}

/** `buyer` pays for one Single App License through the simulated provider: intent, card, record. */
export async function buyOne(buyer: APIRequestContext, productId: string) {
  const intent = await buyer.post('/api/payment/create-payment-intent', {
    data: { products: [{ productId, licenseType: 'Single App License', isReskin: 'false' }], currency: 'usd' },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const confirm = await buyer.post('/api/payment/simulated/confirm', {
    data: { clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const recorded = await buyer.post('/api/purchase/purchaseDetail', { data: { transactionId: paymentIntentId } });
  expect(recorded.status(), await recorded.text()).toBe(201);
}

export async function requestWithdrawal(seller: APIRequestContext, email: string, dollars: string) {
  const response = await seller.post('/api/withdraw/withdrawDetil', { data: { email, withdrawAmount: dollars } });
  expect(response.ok(), await response.text()).toBe(true);
}
