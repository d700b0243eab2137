// The page's entry. A storefront page arrives drawn (entry-server.tsx): its first paint needs only
// the HTML, the stylesheets and the lead image, so the app's code is asked for after that paint and
// does not share a phone's slow link with them. A page that arrives empty starts the app at once.
import './styles/bootstrap.scss';
import './styles.css';

const startApp = () => void import('./main');

if (document.getElementById('root')?.hasChildNodes()) {
  // A frame's callback runs just before its paint; the task it queues, just after.
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  startApp();
}
