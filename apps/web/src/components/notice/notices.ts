import { LIMITS } from '@market/contracts';

/** A short message shown as a toast (docs/product-spec.md §8 popups, never window.alert). */
export interface Notice {
  id: number;
  text: string;
  tone: 'success' | 'info' | 'danger';
  /** docs/product-spec.md §9: popups close after 3000 ms. */
  durationMs: number;
}

let current: Notice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showNotice(text: string, tone: Notice['tone'] = 'success', durationMs: number = LIMITS.popupTimerMs) {
  current = { id: nextId++, text, tone, durationMs };
  emit();
}

export function dismissNotice(id: number) {
  if (current?.id !== id) return;
  current = null;
  emit();
}

export function currentNotice(): Notice | null {
  return current;
}

export function subscribeToNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
