// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { versionSchema, type Release } from '@market/contracts';
import { WithPlainEditors } from '@/components/rich-text/testing';
import { FakeXhr } from '@/lib/fakeXhr';
import { renderAt } from '@/test-utils';
import { NewVersionButton } from './NewVersionDialog';

const archive = new File(['PK'], 'space-racer-1.1.0.zip', { type: 'application/zip' });

function release(overrides: Partial<Release> = {}): Release {
  return {
    _id: 'release_0002',
    productId: 'product_0001',
    version: '1.1.0',
    changelog: '<p>New tracks</p>',
    engineVersion: 'Unity 2022.3 LTS',
    sizeBytes: 2,
    status: 'Pending',
    createdAt: '2026-02-01T10:00:00.000Z',
    publishedAt: null,
    ...overrides,
  };
}

async function openDialog() {
  renderAt(
    <WithPlainEditors>
      <span id="product-title">Space Racer</span>
      <NewVersionButton productId="product_0001" productTitle="Space Racer" describedBy="product-title" />
    </WithPlainEditors>,
  );
  const button = screen.getByRole('button', { name: 'New version' });
  expect(button.getAttribute('aria-describedby')).toBe('product-title');
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'New version of Space Racer' });
}

function fillIn(dialog: HTMLElement, { version = '1.1.0', engineVersion = 'Unity 2022.3 LTS' } = {}) {
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  fireEvent.change(field('Version'), { target: { value: version } });
  fireEvent.change(field('Engine version'), { target: { value: engineVersion } });
  fireEvent.change(field('Changelog'), { target: { value: '<p>New tracks</p>' } });
  fireEvent.change(within(dialog).getByLabelText(/^Archive/), { target: { files: [archive] } });
}

const messageOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

// happy-dom does not match :disabled through a disabled fieldset, so the fieldset is asked.
const isDisabled = (control: HTMLElement) => control.closest('fieldset')?.disabled === true;

describe('New version dialog', () => {
  beforeEach(() => FakeXhr.install());
  afterEach(cleanup);

  it("refuses a malformed version with the contract's message under the field and sends nothing", async () => {
    const dialog = await openDialog();
    fillIn(dialog, { version: 'v2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version' }));

    const version = within(dialog).getByRole('textbox', { name: 'Version' });
    const expected = versionSchema.safeParse('v2').error?.issues[0]?.message;
    expect(expected).toBeTruthy();
    expect(version.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(version)).toBe(expected);
    await waitFor(() => expect(document.activeElement).toBe(version));
    expect(FakeXhr.sent).toHaveLength(0);

    // The message goes as soon as the entry is right.
    fireEvent.change(version, { target: { value: '2.0.0' } });
    expect(version.getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for the missing changelog and archive before sending', async () => {
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Version' }), { target: { value: '1.1.0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version' }));

    const changelog = within(dialog).getByRole('textbox', { name: 'Changelog' });
    expect(messageOf(changelog)).toBe('Describe what changed');
    expect(messageOf(within(dialog).getByLabelText(/^Archive/))).toBe('Choose the archive (.zip)');
    await waitFor(() => expect(document.activeElement).toBe(changelog));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('POSTs the version, engine, changelog and archive, then says a pending version awaits review', async () => {
    const dialog = await openDialog();
    fillIn(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version' }));

    const xhr = await waitFor(() => FakeXhr.last());
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/product/product_0001/releases');
    const body = xhr.body as FormData;
    expect(body.get('version')).toBe('1.1.0');
    expect(body.get('engineVersion')).toBe('Unity 2022.3 LTS');
    expect(body.get('changelog')).toBe('<p>New tracks</p>');
    expect((body.get('sourceCode') as File).name).toBe('space-racer-1.1.0.zip');

    act(() => xhr.progress(1, 2));
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('50');
    expect(isDisabled(within(dialog).getByRole('textbox', { name: 'Version' }))).toBe(true);

    act(() => xhr.respond(201, release()));
    const sent = await screen.findByRole('dialog', { name: 'Sent for review' });
    expect(within(sent).getByText('Version 1.1.0 was sent for review. Buyers get it once an admin approves it.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New version of Space Racer' })).toBeNull());
  });

  it("says an admin's approved version is out at once", async () => {
    const dialog = await openDialog();
    fillIn(dialog, { engineVersion: '' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version' }));

    const xhr = await waitFor(() => FakeXhr.last());
    expect((xhr.body as FormData).has('engineVersion')).toBe(false);
    act(() => xhr.respond(201, release({ status: 'Approved', engineVersion: null, publishedAt: '2026-02-01T10:00:00.000Z' })));
    const published = await screen.findByRole('dialog', { name: 'Version published' });
    expect(within(published).getByText('Version 1.1.0 is published. Buyers can download it now.')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the dialog open with the entries", async () => {
    const dialog = await openDialog();
    fillIn(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version' }));

    const xhr = await waitFor(() => FakeXhr.last());
    const refusal = 'The version must be greater than 1.1.0, the latest published version';
    act(() => xhr.respond(400, { message: refusal }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('dialog', { name: 'New version of Space Racer' })).toBe(dialog);
    const version = within(dialog).getByRole('textbox', { name: 'Version' }) as HTMLInputElement;
    expect(version.value).toBe('1.1.0');
    expect(isDisabled(version)).toBe(false);
    expect((within(dialog).getByRole('textbox', { name: 'Changelog' }) as HTMLTextAreaElement).value).toBe('<p>New tracks</p>');
    expect(screen.queryByRole('dialog', { name: 'Sent for review' })).toBeNull();
  });
});
