// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { fakeFetch, renderAt, renderRoutes } from '@/test-utils';
import { GameCard } from './GameCard';
import { GameShelf } from './GameShelf';
import { summary } from '@/testProducts';

describe('GameCard', () => {
  beforeEach(() => {
    localStorage.clear();
    fakeFetch(() => ({ status: 204 }));
  });
  afterEach(cleanup);

  it('cuts long titles at 21 + "..." (large screens) and 13 + "." (small screens), keeping the full title for screen readers', () => {
    renderAt(<GameCard product={summary(1, { title: { en: 'Galactic Space Shooter Deluxe' } })} />);
    expect(screen.getByTestId('title-large').textContent).toBe('Galactic Space Shoote...');
    expect(screen.getByTestId('title-small').textContent).toBe('Galactic Spac.');
    expect(screen.getByRole('link', { name: 'Galactic Space Shooter Deluxe' }).getAttribute('href')).toBe(
      '/downloads/Galactic-Space-Shooter-Deluxe',
    );
  });

  it('shows the buyers’ average stars and their count, in words for screen readers, and nothing without reviews', () => {
    renderAt(
      <>
        <GameCard product={summary(1, { rating: { average: 4.5, count: 12 } })} />
        <GameCard product={summary(2)} />
      </>,
    );
    const [rated, unrated] = screen.getAllByRole('article');
    expect(rated!.querySelector('.game-card-rating')?.textContent).toBe('4.5 out of 5 stars★★★★☆ (12) from 12 reviews');
    expect(unrated!.querySelector('.game-card-rating')).toBeNull();
  });

  it("shows a running sale's price beside the struck-through listed price and the percent off, and one price without", () => {
    const sale = {
      percent: 25,
      startsAt: '2026-11-20T10:00:00.000Z',
      endsAt: '2026-11-30T10:00:00.000Z',
      singleAppLicense: 30,
      multiAppLicense: 75,
      lowestIn30Days: { singleAppLicense: 40, multiAppLicense: 100 },
    };
    renderAt(
      <>
        <GameCard product={summary(1, { singleAppLicense: 40, multiAppLicense: 100, sale })} />
        <GameCard product={summary(2, { singleAppLicense: 40 })} />
      </>,
    );
    const [onSale, listed] = screen.getAllByRole('article').map((card) => card.querySelector('.game-card-price')!);
    expect(onSale!.querySelector('s')?.textContent).toBe('Was $40.00');
    expect(onSale!.querySelector('.sale-price-now')?.textContent).toBe('$30.00');
    expect(onSale!.querySelector('.sale-badge')?.textContent).toBe('−25%');
    expect(listed!.textContent).toBe('$40.00');
  });

  it('leaves short titles whole', () => {
    renderAt(<GameCard product={summary(1, { title: { en: 'Tiny Tanks' } })} />);
    expect(screen.getByTestId('title-large').textContent).toBe('Tiny Tanks');
    expect(screen.getByTestId('title-small').textContent).toBe('Tiny Tanks');
  });

  it('shows category, Single App License price and a Live Preview opening in a new tab', () => {
    renderAt(<GameCard product={summary(2, { category: 'Unity', singleAppLicense: 19.5 })} />);
    expect(screen.getByText('Unity')).toBeTruthy();
    expect(screen.getByText('$19.50')).toBeTruthy();
    const preview = screen.getByRole('link', { name: /Live Preview/ });
    expect(preview.getAttribute('href')).toBe('https://example.com/preview/2');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(preview.getAttribute('rel')).toContain('noopener');
  });

  it('adds to the cart once, then answers "product already exists" in a toast', async () => {
    let changes = 0;
    window.addEventListener('market:cart-changed', () => changes++);
    renderAt(
      <>
        <NoticeRegion />
        <GameCard product={summary(3)} />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Add to cart' });

    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('Add To Cart Successfully');
    const cart = JSON.parse(localStorage.getItem('cartProduct') ?? '[]');
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ _id: 'product_0003', selectedLicense: 'Single App License', isReskin: 'false' });
    expect(changes).toBe(1);

    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('product already exists'));
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')).toHaveLength(1);
    expect(changes).toBe(1);
  });

  it('opens the detail page and records a view when the card is clicked', async () => {
    const calls = fakeFetch(() => ({ status: 204 }));
    const { router } = renderRoutes([
      { path: '/', element: <GameCard product={summary(4)} /> },
      { path: '/downloads/:title', element: <p>Detail</p> },
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Game Number 4' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/downloads/Game-Number-4'));
    expect(calls.map((call) => [call.url, call.init?.method])).toContainEqual(['/api/view/GameView/product_0004', 'POST']);
  });

  it("opens the detail page of a title with '?', '#', '/' and '%', which reaches the page whole", async () => {
    const { useParams } = await import('react-router');
    function Detail() {
      return <p>Detail of {useParams().title}</p>;
    }
    renderRoutes([
      { path: '/', element: <GameCard product={summary(5, { title: { en: 'Ask? #1 / 100%' }, slug: 'Ask?-#1-/-100%' })} /> },
      { path: '/downloads/:title', element: <Detail /> },
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Ask? #1 / 100%' }));
    expect((await screen.findByText(/^Detail of/)).textContent).toBe('Detail of Ask?-#1-/-100%');
  });
});

const products = (count: number) => Array.from({ length: count }, (_, i) => summary(i + 1));

describe('GameShelf', () => {
  afterEach(cleanup);
  it.each([1, 3])('shows %i games as a plain grid', (count) => {
    const { container } = renderAt(<GameShelf products={products(count)} label="Trending Games" />);
    expect(container.querySelector('[data-layout="grid"]')).not.toBeNull();
    expect(container.querySelector('[data-layout="carousel"]')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(count);
  });

  it('shows 4 or more games as a carousel with previous/next controls', () => {
    const { container } = renderAt(<GameShelf products={products(4)} label="Trending Games" />);
    expect(container.querySelector('[data-layout="carousel"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Next: Trending Games' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });
});
