import { useSyncExternalStore } from 'react';

/** The code the buyer applied, kept for the tab's session so the cart, the checkout and a reload agree. */
const CODE_KEY = 'discountCode';
const CODE_CHANGED_EVENT = 'market:discount-code-changed';

function readCode(): string | null {
  try {
    return sessionStorage.getItem(CODE_KEY);
  } catch {
    return null;
  }
}

export function setDiscountCode(code: string | null): void {
  try {
    if (code === null) sessionStorage.removeItem(CODE_KEY);
    else sessionStorage.setItem(CODE_KEY, code);
  } catch {
    // Storage disabled: the code lasts until the page changes.
  }
  window.dispatchEvent(new Event(CODE_CHANGED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CODE_CHANGED_EVENT, onChange);
  return () => window.removeEventListener(CODE_CHANGED_EVENT, onChange);
}

export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, readCode, () => null);
}
