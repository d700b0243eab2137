/** The page's main heading, made focusable: where focus goes when the control that held it is gone. */
export function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('#main-content h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}
