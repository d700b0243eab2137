// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productFormSchema, UPLOAD_FRAMEWORKS } from '@market/contracts';
import { fakeFetch, renderAt, userAlice } from '@/test-utils';
import { WithPlainEditors } from '@/components/rich-text/testing';
import { FakeXhr } from '@/lib/fakeXhr';
import { ProductWizard } from './ProductWizard';

function renderWizard() {
  return renderAt(
    <WithPlainEditors>
      <ProductWizard />
    </WithPlainEditors>,
  );
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const spinbutton = (name: string) => screen.getByRole('spinbutton', { name });
const button = (name: string) => screen.getByRole('button', { name });
const fileInput = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const chooseFiles = (label: string, ...files: File[]) => fireEvent.change(fileInput(label), { target: { files } });
const image = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const stepHeading = () => screen.getByRole('heading', { level: 2, name: /^Step \d of 3/, hidden: true }).textContent;

const starred = (label: RegExp) => screen.getByText(label, { selector: 'label, div.form-label' }).textContent?.endsWith('*');
const messageOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const contractMessage = (field: 'livePreview', value: string) =>
  productFormSchema.shape[field].safeParse(value).error?.issues[0]?.message ?? '';

/** Lets react-hook-form's (asynchronous) checks finish. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

async function clickNext() {
  fireEvent.click(button('Next Step'));
  await settle();
}

async function clickSubmit() {
  fireEvent.click(button('Submit'));
  await settle();
}

function fillStepOne() {
  type(textbox('Title (English)'), 'Space Racer');
  type(textbox('Description (English)'), '<p>Fast.</p>');
  type(textbox('Keywords (English)'), ' racing , cars,,  arcade ');
  type(combobox('Type'), 'Games');
  type(combobox('Category'), 'Android');
  type(combobox('Sub Category'), 'Racing');
  type(combobox('Framework'), 'Unity');
  type(textbox('Features'), '<p>Leaderboards</p>');
  chooseFiles('Feature Image', image('feature.png'));
  chooseFiles('Thumbnail', image('thumb.png'));
}

function fillStepTwo() {
  chooseFiles('Screenshots', image('one.png'), image('two.png'));
  type(textbox('Live Preview'), 'https://example.com/play');
  chooseFiles('Product File', new File(['PK'], 'game.zip', { type: 'application/zip' }));
  type(textbox('Version'), '1.2.0');
  type(spinbutton('Single App License (USD)'), '49.99');
}

function fillStepThree() {
  type(spinbutton('Multi App License (USD)'), '99');
  type(textbox('Author Studio Name'), 'Pixel Forge');
}

describe('ProductWizard', () => {
  beforeEach(() => {
    FakeXhr.install();
    fakeFetch(() => ({ status: 404, body: { message: 'unexpected fetch' } }));
  });
  afterEach(cleanup);

  it('groups the fields on three steps as docs/product-spec.md §2.10 lists them', async () => {
    renderWizard();
    expect(stepHeading()).toBe('Step 1 of 3: Product details');
    const languages = screen.getByRole('group', { name: 'Languages' });
    const boxes = within(languages).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(16);
    expect(boxes.filter((box) => box.checked).map((box) => box.labels?.[0]?.textContent)).toEqual(['English']);
    for (const name of ['Type', 'Category', 'Sub Category', 'Framework']) expect(combobox(name)).toBeTruthy();
    expect(
      within(combobox('Framework'))
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toEqual([...UPLOAD_FRAMEWORKS]);
    expect(textbox('Features')).toBeTruthy();
    expect(fileInput('Feature Image').type).toBe('file');
    expect(fileInput('Thumbnail').type).toBe('file');
    expect(screen.queryByLabelText(/^Product File/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect((button('Previous Step') as HTMLButtonElement).disabled).toBe(true);

    // A second language brings its own title, description and keywords.
    fireEvent.click(screen.getByRole('checkbox', { name: 'French' }));
    expect(textbox('Title (French)')).toBeTruthy();
    expect(textbox('Description (French)')).toBeTruthy();
    expect(textbox('Keywords (French)')).toBeTruthy();

    fillStepOne();
    type(textbox('Title (French)'), 'Coureur Spatial');
    await clickNext();
    expect(stepHeading()).toBe('Step 2 of 3: Media, links and file');
    expect(fileInput('Screenshots').multiple).toBe(true);
    for (const name of ['YouTube Link', 'Google Play Link', 'App Store Link', 'Live Preview']) expect(textbox(name)).toBeTruthy();
    expect(fileInput('Product File').accept).toContain('.zip');
    expect(spinbutton('Single App License (USD)')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: 'Multi App License (USD)' })).toBeNull();

    fillStepTwo();
    await clickNext();
    expect(stepHeading()).toBe('Step 3 of 3: Licences and author');
    expect(spinbutton('Multi App License (USD)')).toBeTruthy();
    expect(textbox('Author Studio Name')).toBeTruthy();
    expect(spinbutton('Development Hours')).toBeTruthy();
    expect(textbox('Reskin Features')).toBeTruthy();
    expect(spinbutton('Reskin Price (USD)')).toBeTruthy();
    expect(button('Submit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next Step' })).toBeNull();

    // Previous keeps what was entered.
    fireEvent.click(button('Previous Step'));
    expect((textbox('Live Preview') as HTMLInputElement).value).toBe('https://example.com/play');
    expect(screen.getByText(/Selected: game\.zip/)).toBeTruthy();
  });

  it('marks the required fields with a star', () => {
    renderWizard();
    expect(starred(/^Type/)).toBe(true);
    expect(starred(/^Features/)).toBe(true);
    expect(starred(/^Feature Image/)).toBe(true);
    expect(starred(/^Framework/)).toBe(false);
    expect(starred(/^Keywords \(English\)/)).toBe(false);
  });

  it('blocks Next with messages under the empty required fields and focuses the first', async () => {
    renderWizard();
    await clickNext();

    expect(stepHeading()).toBe('Step 1 of 3: Product details');
    expect(textbox('Title (English)').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(textbox('Title (English)'))).toContain('Enter a title');
    expect(messageOf(combobox('Type'))).toContain('Choose a type');
    expect(messageOf(combobox('Category'))).toContain('Choose a category');
    expect(messageOf(combobox('Sub Category'))).toContain('Choose a sub category');
    expect(messageOf(textbox('Features'))).toContain('Describe the features');
    expect(messageOf(fileInput('Feature Image'))).toContain('Choose a feature image');
    expect(messageOf(fileInput('Thumbnail'))).toContain('Choose a thumbnail image');
    expect(combobox('Framework').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(textbox('Title (English)')));

    // Typing clears that field's message.
    type(textbox('Title (English)'), 'Space Racer');
    await settle();
    expect(textbox('Title (English)').getAttribute('aria-invalid')).toBeNull();

    fillStepOne();
    await clickNext();
    await clickNext();
    expect(stepHeading()).toBe('Step 2 of 3: Media, links and file');
    expect(screen.getByText('Enter the live preview link')).toBeTruthy();
    expect(screen.getByText('Choose the product file (.zip)')).toBeTruthy();
    expect(screen.getByText('Enter a price in US dollars')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(textbox('Live Preview')));

    type(textbox('Live Preview'), 'ftp://example.com');
    type(spinbutton('Single App License (USD)'), '-3');
    await clickNext();
    // The contract's own message (the server says the same).
    expect(screen.getByText(contractMessage('livePreview', 'ftp://example.com'))).toBeTruthy();
    expect(screen.getByText('The price must be more than 0')).toBeTruthy();
  });

  it('shows a message only once a field is left or its step is checked', async () => {
    renderWizard();
    const title = textbox('Title (English)');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    fireEvent.focus(title);
    fireEvent.blur(title);
    await settle();
    expect(messageOf(title)).toContain('Enter a title');
    // Fields not visited yet stay quiet.
    expect(combobox('Type').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Choose a type')).toBeNull();

    fireEvent.change(combobox('Type'), { target: { value: 'Games' } });
    fireEvent.blur(combobox('Type'));
    await settle();
    expect(combobox('Type').getAttribute('aria-invalid')).toBeNull();
  });

  it('uploads the docs/product-spec.md §7 multipart form with progress, then pops up and starts over with only English', async () => {
    fakeFetch((url) =>
      url === '/api/product/archive-checks'
        ? {
            status: 200,
            body: [
              { productId: 'product_0001', releaseId: 'release_0001', version: '1.2.0', status: 'analysing', reason: null, warnings: [] },
            ],
          }
        : { status: 404, body: { message: 'unexpected fetch' } },
    );
    renderWizard();
    fireEvent.click(screen.getByRole('checkbox', { name: 'French' }));
    fillStepOne();
    type(textbox('Title (French)'), 'Coureur Spatial');
    type(textbox('Keywords (French)'), 'voiture ,  course');
    await clickNext();
    fillStepTwo();
    await clickNext();
    fillStepThree();
    await clickSubmit();

    const xhr = await waitFor(() => FakeXhr.last());
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/product/uploadProduct');
    const body = xhr.body as FormData;
    expect(JSON.parse(String(body.get('keywords')))).toEqual({ en: ['racing', 'cars', 'arcade'], fr: ['voiture', 'course'] });
    expect(JSON.parse(String(body.get('title')))).toEqual({ en: 'Space Racer', fr: 'Coureur Spatial' });
    expect(JSON.parse(String(body.get('description')))).toEqual({ en: '<p>Fast.</p>', fr: '' });
    expect(body.get('type')).toBe('Games');
    expect(body.get('subCategory')).toBe('Racing');
    expect(body.get('frameWork')).toBe('Unity');
    expect(body.get('features')).toBe('<p>Leaderboards</p>');
    expect(body.get('livePreview')).toBe('https://example.com/play');
    expect(body.get('singleAppLicense')).toBe('49.99');
    expect(body.get('multiAppLicense')).toBe('99');
    expect(body.get('authorName')).toBe('Pixel Forge');
    expect((body.get('sourceCode') as File).name).toBe('game.zip');
    expect(body.get('version')).toBe('1.2.0');
    expect((body.get('featureImg') as File).name).toBe('feature.png');
    expect((body.get('thumbnail') as File).name).toBe('thumb.png');
    expect(body.getAll('screenshots').map((file) => (file as File).name)).toEqual(['one.png', 'two.png']);

    act(() => xhr.progress(50, 100));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(50);
    expect(screen.getByText('Uploading… 50%', { selector: '[aria-hidden="true"]' })).toBeTruthy();
    expect((button('Submit') as HTMLButtonElement).disabled).toBe(true);

    act(() => xhr.respond(201, { _id: 'product_0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product uploaded successfully!' });
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeTruthy();
    // The archive of the product just uploaded is being analysed in the background.
    expect(await within(dialog).findByText('Archive of version 1.2.0: Analysing…')).toBeTruthy();

    // The step is in the address: the fresh form shows step 1 once the router has moved there.
    await waitFor(() => expect(stepHeading()).toBe('Step 1 of 3: Product details'));
    const checked = (screen.getAllByRole('checkbox', { hidden: true }) as HTMLInputElement[]).filter((box) => box.checked);
    expect(checked.map((box) => box.labels?.[0]?.textContent)).toEqual(['English']);
    expect((screen.getByRole('textbox', { name: 'Title (English)', hidden: true }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Title (French)', hidden: true })).toBeNull();
  });

  it('keeps no draft of an upload sent right after the last keystroke', async () => {
    fakeFetch((url) =>
      url === '/api/user/currentUser'
        ? { status: 200, body: userAlice }
        : url === '/api/product/archive-checks'
          ? { status: 200, body: [] }
          : { status: 404, body: { message: 'unexpected fetch' } },
    );
    localStorage.clear();
    renderWizard();
    // Signed in: the form keeps a draft of what is typed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next Step' })).toBeTruthy());
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
    fillStepOne();
    await clickNext();
    fillStepTwo();
    await clickNext();
    // Typed, then Submit before the draft's own write (300 ms later) has run.
    fillStepThree();
    await clickSubmit();
    act(() => FakeXhr.last()!.respond(201, { _id: 'product_0001' }));
    await screen.findByRole('dialog', { name: 'Product uploaded successfully!' });
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 400)));

    expect(localStorage.getItem(`productDraft:${userAlice._id}`)).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Title (English)', hidden: true }) as HTMLInputElement).value).toBe('');
  });

  it('opens step 3 without messages and never uploads on Previous then Next', async () => {
    renderWizard();
    fillStepOne();
    await clickNext();
    fillStepTwo();
    await clickNext();
    expect(stepHeading()).toBe('Step 3 of 3: Licences and author');
    expect(document.querySelectorAll('.invalid-feedback, [aria-invalid="true"]')).toHaveLength(0);

    fillStepThree();
    fireEvent.click(button('Previous Step'));
    const next = button('Next Step');
    fireEvent.click(next);
    await settle();
    expect(stepHeading()).toBe('Step 3 of 3: Licences and author');
    // The clicked Next button left the page; the Submit button is a new element.
    expect(next.isConnected).toBe(false);
    expect(button('Submit')).not.toBe(next);
    // A submit event not sent by the Submit button (Enter in a field of an earlier step, a
    // stray requestSubmit) does not upload.
    fireEvent.submit(button('Submit').closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends one Idempotency-Key per attempt, the same on a retry of the same entries and a new one after a change', async () => {
    renderWizard();
    fillStepOne();
    await clickNext();
    fillStepTwo();
    await clickNext();
    fillStepThree();
    await clickSubmit();
    await clickSubmit();
    const first = await waitFor(() => FakeXhr.last());
    expect(FakeXhr.sent).toHaveLength(1);
    const key = first.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    act(() => first.respond(503, { message: 'Try again in a moment' }));
    await screen.findByRole('alert');
    await clickSubmit();
    const retry = await waitFor(() => FakeXhr.sent[1] ?? Promise.reject(new Error('no retry yet')));
    expect(retry.headers['Idempotency-Key']).toBe(key);

    act(() => retry.respond(400, { message: 'Choose another name' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Choose another name'));
    type(textbox('Author Studio Name'), 'Pixel Forge Two');
    await clickSubmit();
    const changed = await waitFor(() => FakeXhr.sent[2] ?? Promise.reject(new Error('no third request yet')));
    expect(changed.headers['Idempotency-Key']).not.toBe(key);
    act(() => changed.respond(201, { _id: 'product_0001' }));
    await screen.findByRole('dialog', { name: 'Product uploaded successfully!' });
  });

  it("shows the server's message and keeps the data when the upload fails", async () => {
    renderWizard();
    fillStepOne();
    await clickNext();
    fillStepTwo();
    await clickNext();
    fillStepThree();
    await clickSubmit();
    const xhr = await waitFor(() => FakeXhr.last());
    act(() => xhr.respond(400, { message: 'Product File must be a zip archive' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Product File must be a zip archive');
    expect(stepHeading()).toBe('Step 3 of 3: Licences and author');
    expect((textbox('Author Studio Name') as HTMLInputElement).value).toBe('Pixel Forge');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels an upload in flight and keeps the data', async () => {
    renderWizard();
    fillStepOne();
    await clickNext();
    fillStepTwo();
    await clickNext();
    fillStepThree();
    await clickSubmit();
    fireEvent.click(button('Cancel upload'));

    expect((await screen.findByText(/Upload cancelled/)).textContent).toContain('Your entries are kept');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((button('Submit') as HTMLButtonElement).disabled).toBe(false);
    expect((textbox('Author Studio Name') as HTMLInputElement).value).toBe('Pixel Forge');
  });
});
