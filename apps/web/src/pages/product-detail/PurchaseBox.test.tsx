// @vitest-environment happy-dom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detail } from '@/testProducts';
import { PurchaseBox } from './PurchaseBox';

/** The box as the server draws it, in a document the buyer can press before the app takes it over. */
function drawnByServer() {
  const product = detail(3, { singleAppLicense: 20, multiAppLicense: 50 });
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PurchaseBox product={product} />);
  document.body.append(container);
  const radio = (name: string) => container.querySelector<HTMLInputElement>(`input[value="${name}"]`)!;
  const total = () => container.querySelector('[data-testid="total-price"]')?.textContent;
  return { product, container, radio, total };
}

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the licence picked before the app takes the page over', () => {
  let root: Root | undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    act(() => root?.unmount());
    document.body.replaceChildren();
  });

  it('stays picked, and the total and the cart line follow it', async () => {
    const { product, container, radio, total } = drawnByServer();
    radio('Multi App License').click();
    expect(total()).toBe('$20.00');

    await act(async () => {
      root = hydrateRoot(container, <PurchaseBox product={product} />);
    });

    expect(radio('Multi App License').checked).toBe(true);
    expect(total()).toBe('$50.00');
    act(() => container.querySelector<HTMLButtonElement>('button.btn-primary')!.click());
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')).toMatchObject([{ selectedLicense: 'Multi App License' }]);
  });

  it('starts at Single when nothing was picked', async () => {
    const { product, container, total } = drawnByServer();

    await act(async () => {
      root = hydrateRoot(container, <PurchaseBox product={product} />);
    });

    expect(total()).toBe('$20.00');
    act(() => container.querySelector<HTMLButtonElement>('button.btn-primary')!.click());
    expect(JSON.parse(localStorage.getItem('cartProduct') ?? '[]')).toMatchObject([{ selectedLicense: 'Single App License' }]);
  });
});
