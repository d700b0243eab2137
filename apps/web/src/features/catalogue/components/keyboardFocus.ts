/**
 * Whether focus arrived by keyboard. Slide shows pause for keyboard focus only: a clicked dot or
 * arrow keeps focus too, and would stop the show for good once the pointer has left.
 */
export function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: every focus counts as the keyboard's, the safe side for WCAG 2.2.2.
    return true;
  }
}
