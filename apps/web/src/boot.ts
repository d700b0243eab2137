// The page's entry. A storefront page arrives drawn (entry-server.tsx): its first paint needs only
// the HTML, the stylesheets and the lead image, so the app's code is asked for after that paint and
// does not share a phone's slow link with them. A page that arrives empty starts the app at once.
import './styles/bootstrap.scss';
import './styles.css';

/**
 * Buttons and tabs drawn by the server do nothing until the app has taken the page over: a press
 * on one before then is held, and made again once it has (links and the browser's own controls
 * work without the app, and are left alone).
 */
const heldPresses: HTMLElement[] = [];

function holdPress(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="tab"], [role="button"]') : null;
  if (!control) return;
  // A submit button would post its form without the app.
  event.preventDefault();
  if (!heldPresses.includes(control)) heldPresses.push(control);
}

function pressHeldPresses() {
  document.removeEventListener('click', holdPress, true);
  for (const control of heldPresses.splice(0)) if (control.isConnected) control.click();
}

const loadApp = () => void import('./main').then((app) => app.startApp(pressHeldPresses));

if (document.getElementById('root')?.hasChildNodes()) {
  document.addEventListener('click', holdPress, true);
  // A frame's callback runs just before its paint; the task it queues, just after.
  requestAnimationFrame(() => setTimeout(loadApp, 0));
} else {
  loadApp();
}
