// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { detail, summary } from '@/testProducts';
import { fakeFetch, renderRoutes, userAlice } from '@/test-utils';
import ProductDetailPage from './ProductDetailPage';
import { Gallery } from './product-detail/Gallery';
import { galleryItems, youtubeId } from './product-detail/media';

function visit(slug: string) {
  return renderRoutes(
    [
      { path: '/downloads/:title', element: <ProductDetailPage /> },
      { path: '/userPanel/user-chatbox', element: <h1>User Chatbox</h1> },
    ],
    `/downloads/${slug}`,
  );
}

describe('ProductDetailPage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(cleanup);

  it('loads the product by its slug and shows its facts, author and tabs', async () => {
    const calls = fakeFetch((url) =>
      url === '/api/product/by-slug/Game-Number-7' ? { status: 200, body: detail(7) } : { status: 401, body: {} },
    );
    visit('Game-Number-7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Number 7' })).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/product/by-slug/Game-Number-7');
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('Arcades')).toBeTruthy();
    expect(screen.getByText('Unity')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Portfolio' }).getAttribute('href')).toBe('/Pixel-Forge-Studio/portfolio');
    expect(screen.getByRole('link', { name: /Google Play/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /App Store/ })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Description & Features', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Comments' }));
    // The comments tab's code loads when it is opened.
    expect(await screen.findByRole('form', { name: 'Add a comment' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Game Number 7'));
  });

  it('shows what buyers also bought as cards under the product, and no shelf when nobody bought anything else', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/by-slug/Game-Number-7') return { status: 200, body: detail(7) };
      if (url === '/api/product/by-slug/Game-Number-8') return { status: 200, body: detail(8) };
      if (url === '/api/product/product_0007/also-bought') return { status: 200, body: [summary(2), summary(3)] };
      if (url === '/api/product/product_0008/also-bought') return { status: 200, body: [] };
      return { status: 401, body: {} };
    });
    visit('Game-Number-7');
    const shelf = await screen.findByRole('region', { name: 'Buyers also bought' });
    expect(within(shelf).getAllByRole('article')).toHaveLength(2);
    expect(within(shelf).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(within(shelf).getByRole('link', { name: 'Game Number 3' }).getAttribute('href')).toBe('/downloads/Game-Number-3');
    cleanup();

    visit('Game-Number-8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Number 8' })).toBeTruthy();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/product/product_0008/also-bought'));
    expect(screen.queryByRole('region', { name: 'Buyers also bought' })).toBeNull();
    expect(screen.queryByText('Buyers also bought')).toBeNull();
  });

  it('shows the latest version near the title and lists every published version in the Versions tab', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/product/by-slug/Game-Number-7') {
        return { status: 200, body: detail(7, { latestRelease: { version: '1.2.0', publishedAt: '2026-11-25T23:30:00.000Z' } }) };
      }
      if (url === '/api/product/product_0007/releases') {
        return {
          status: 200,
          body: [
            {
              _id: 'release_0012',
              productId: 'product_0007',
              version: '1.2.0',
              changelog: '<p>Android SDK 35 support</p>',
              engineVersion: 'Unity 2022.3 LTS',
              sizeBytes: 2048,
              status: 'Approved',
              createdAt: '2026-11-20T10:00:00.000Z',
              publishedAt: '2026-11-25T23:30:00.000Z',
            },
            {
              _id: 'release_0010',
              productId: 'product_0007',
              version: '1.0.0',
              changelog: '',
              engineVersion: null,
              sizeBytes: 1024,
              status: 'Approved',
              createdAt: '2026-03-01T12:00:00.000Z',
              publishedAt: '2026-03-01T12:00:00.000Z',
            },
          ],
        };
      }
      return { status: 401, body: {} };
    });
    visit('Game-Number-7');
    await screen.findByRole('heading', { level: 1, name: 'Game Number 7' });
    // The day in UTC, as the server drew it.
    expect(screen.getByText(/^Version 1\.2\.0 · updated/).textContent).toBe('Version 1.2.0 · updated Nov 25, 2026');
    expect(calls.some((call) => call.url.endsWith('/releases'))).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Versions' }));

    // The tab's code loads on first open: slow on a busy machine.
    const list = await screen.findByRole('list', { name: 'Versions, newest first' }, { timeout: 5000 });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => within(entry).getByRole('heading').textContent)).toEqual(['Version 1.2.0', 'Version 1.0.0']);
    expect(within(entries[0]!).getByText('Android SDK 35 support')).toBeTruthy();
    expect(entries[0]!.textContent).toContain('Nov 25, 2026 · Unity 2022.3 LTS');
  });

  it('changes the total price with the licence radio', async () => {
    fakeFetch(() => ({ status: 200, body: detail(7, { singleAppLicense: 19.5, multiAppLicense: 49 }) }));
    visit('Game-Number-7');
    const single = await screen.findByRole('radio', { name: /Single App License/ });
    expect((single as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('total-price').textContent).toBe('$19.50');

    fireEvent.click(screen.getByRole('radio', { name: /Multi App License/ }));
    expect(screen.getByTestId('total-price').textContent).toBe('$49.00');

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')[0]).toMatchObject({
      selectedLicense: 'Multi App License',
      isReskin: 'false',
    });
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')[0].description).toBeUndefined();
  });

  it('asks a visitor to sign up before a reskin contact', async () => {
    fakeFetch(() => ({ status: 200, body: detail(7) }));
    visit('Game-Number-7');
    fireEvent.click(await screen.findByRole('button', { name: 'contact us' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please Signup First');
  });

  it("sends a User's reskin Yes as the chat's opening message, then opens the user chat on it", async () => {
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    const product = detail(7);
    const opening = {
      _id: 'message_0001',
      userId: userAlice._id,
      productId: product._id,
      message: 'Yes',
      messageBy: 'User',
      fileUpload: null,
      fileName: null,
      isRead: false,
      status: 'Open',
      createdAt: '2026-01-15T10:00:00.000Z',
    };
    const calls = fakeFetch((url) => {
      if (url.includes('currentUser')) return { status: 200, body: userAlice };
      if (url === '/api/reskin/reskinFeatureUser') return { status: 201, body: opening };
      return { status: 200, body: product };
    });
    const { router } = visit('Game-Number-7');
    fireEvent.click(await screen.findByRole('button', { name: 'contact us' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userPanel/user-chatbox'));
    expect(router.state.location.search).toBe(`?productId=${product._id}&userId=${userAlice._id}`);
    const sent = calls.find((call) => call.url === '/api/reskin/reskinFeatureUser');
    expect(sent?.init?.method).toBe('POST');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({ productId: product._id, message: 'Yes' });
  });

  it("shows the server's errorMessage when the reskin Yes is refused, and stays on the product", async () => {
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    fakeFetch((url) => {
      if (url.includes('currentUser')) return { status: 200, body: userAlice };
      if (url === '/api/reskin/reskinFeatureUser') return { status: 403, body: { errorMessage: 'This chat is closed' } };
      return { status: 200, body: detail(7) };
    });
    const { router } = visit('Game-Number-7');
    fireEvent.click(await screen.findByRole('button', { name: 'contact us' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This chat is closed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/downloads/Game-Number-7');
  });

  it('says so when no game has that slug', async () => {
    fakeFetch(() => ({ status: 404, body: { message: 'Product not found' } }));
    visit('No-Such-Game');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game not found' })).toBeTruthy();
  });

  it('offers a retry when loading fails', async () => {
    let fail = true;
    fakeFetch(() => (fail ? { status: 500, body: { message: 'Server trouble' } } : { status: 200, body: detail(7) }));
    visit('Game-Number-7');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toContain('Server trouble');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Number 7' })).toBeTruthy();
  });
});

describe('Gallery', () => {
  afterEach(cleanup);

  it('embeds only YouTube watch, live and shorts links', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/live/abcdefgh')).toBe('abcdefgh');
    expect(youtubeId('https://youtube.com/shorts/abcdefgh')).toBe('abcdefgh');
    expect(youtubeId('https://vimeo.com/123456')).toBeNull();
    expect(youtubeId('https://evil.example/?https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(galleryItems('https://vimeo.com/1', ['a.webp'])).toEqual([{ kind: 'image', src: 'a.webp' }]);
  });

  it('opens full screen at the chosen thumbnail with a counter, previous/next buttons and arrow keys', async () => {
    const items = galleryItems('https://www.youtube.com/watch?v=dQw4w9WgXcQ', ['a.webp', 'b.webp', 'c.webp', 'd.webp']);
    renderRoutes([{ path: '/', element: <Gallery items={items} name="Tiny Tanks" /> }]);
    fireEvent.click(screen.getByRole('button', { name: 'Open screenshot 1 of 4' }));

    const dialog = await screen.findByRole('dialog');
    const counter = () => within(dialog).getByTestId('gallery-counter').textContent;
    // The video is named, not counted among the screenshots.
    expect(counter()).toBe('Screenshot 1 of 4');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('a.webp');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(counter()).toBe('Screenshot 2 of 4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(counter()).toBe('Video');
    const video = dialog.querySelector('iframe');
    expect(video?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(counter()).toBe('Screenshot 4 of 4');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('Video');
  });
});
