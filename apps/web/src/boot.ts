// The page's entry. A storefront page arrives drawn (entry-server.tsx): its first paint needs only
// the HTML, the stylesheets and the lead image, so the app's code is asked for after that paint and
// does not share a phone's slow link with them. A page that arrives empty starts the app at once.
import './styles/bootstrap.scss';
import './styles.css';

/**
 * Buttons and tabs drawn by the server do nothing until React owns them, and React
 * drops a press on a part it is still taking over. A press on one before then is held, and made
 * again once React owns that control and has finished the work in hand (links and the browser's
 * own fields work without the app, and are left alone).
 */
const heldPresses: HTMLElement[] = [];
let appStarted = false;

/** React marks each element it has taken over with its props (a private key, stable since React 17). */
const ownedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

function holdPress(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="tab"], [role="button"]') : null;
  if (!control || ownedByReact(control)) return;
  // A submit button would post its form without the app; React would drop the press.
  event.preventDefault();
  event.stopPropagation();
  if (!heldPresses.includes(control)) heldPresses.push(control);
  if (appStarted) pressHeldPresses();
}

let pressing = false;

/** Presses each held control once React owns it and is idle, so the press is not dropped mid-render. */
function pressHeldPresses() {
  appStarted = true;
  if (pressing) return;
  pressing = true;
  const pressOwned = () => {
    const ready = heldPresses.filter((control) => !control.isConnected || ownedByReact(control));
    for (const control of ready) {
      heldPresses.splice(heldPresses.indexOf(control), 1);
      if (control.isConnected) control.click();
    }
    if (heldPresses.length) setTimeout(() => requestIdleCallback(pressOwned), 50);
    else pressing = false;
  };
  requestIdleCallback(pressOwned);
}

const loadApp = () => void import('./main').then((app) => app.startApp(pressHeldPresses));

if (document.getElementById('root')?.hasChildNodes()) {
  document.addEventListener('click', holdPress, true);
  // A frame's callback runs just before its paint; the task it queues, just after.
  requestAnimationFrame(() => setTimeout(loadApp, 0));
} else {
  loadApp();
}
