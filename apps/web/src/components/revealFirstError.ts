import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** A field marked invalid, or the first choice of a marked group (radios take no aria-invalid). */
const MARKED_FIELD = '[aria-invalid="true"], [data-invalid] input';
/** FormError's message (the server's answer), wherever the form puts it: above, inside or under it. */
const MESSAGE = '.form-error';

/**
 * Brings a form's first error into view and moves focus to it: the first field marked invalid, or
 * the message when no field is named. Without it, a message under a long form sits below the fold,
 * and the submit button, disabled while the call ran, leaves focus on the page (WCAG 3.3.1, 2.4.3).
 * The message is scrolled to first, then the field, so the field wins when both do not fit.
 */
export function revealFirstError(form: HTMLElement): void {
  const field = form.querySelector<HTMLElement>(MARKED_FIELD);
  const message = form.querySelector<HTMLElement>(MESSAGE) ?? form.parentElement?.querySelector<HTMLElement>(MESSAGE) ?? null;
  message?.scrollIntoView({ block: 'nearest' });
  const target = field ?? message;
  if (target) revealElement(target);
}

/** Focuses an element and scrolls it just into view (the page's scroll-padding keeps it clear of the sticky header). */
export function revealElement(target: HTMLElement): void {
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest' });
}

/**
 * The one way a form shows its errors: after the render that marks them, the first is revealed
 * (revealFirstError). That happens each time the server refuses (`serverError`, the failed call's
 * error) and each time the form's own check refuses a submit (call `refused()`); typing that clears
 * a mark reveals nothing. Give `form` when the form already has a ref; else attach `formRef`.
 */
export function useRevealFirstError(serverError: unknown, form?: RefObject<HTMLFormElement | null>) {
  const ownRef = useRef<HTMLFormElement>(null);
  const formRef = form ?? ownRef;
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (serverError && formRef.current) revealFirstError(formRef.current);
  }, [serverError, formRef]);
  useEffect(() => {
    if (refusals > 0 && formRef.current) revealFirstError(formRef.current);
  }, [refusals, formRef]);

  const refused = useCallback(() => setRefusals((count) => count + 1), []);
  return { formRef, refused };
}
