/**
 * A value at hand, or a promise of it when it had to be waited for: what needs no waiting is handed
 * on without a turn of the microtask queue (docs/decisions/0021).
 */
export type AtOnce<T> = T | Promise<T>;

/** `then` that runs at once on a value at hand, and after the promise otherwise. */
export function thenAtOnce<T, U>(value: AtOnce<T>, next: (value: T) => U): AtOnce<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
