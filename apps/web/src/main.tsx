/*
 * The page's first script, and a small one. A page the server rendered is whole without
 * JavaScript: it paints, and its pictures load, before the app's code is even asked for, which
 * then takes the page over. A page the server could not render asks for the app at once.
 */
import { QUERY_STATE_ELEMENT_ID } from './lib/query-state';

const startApp = () => import('./start-app');

/** After the page's `load` (its pictures are in) and the frames that paint them. */
function afterThePagePaints(then: () => void) {
  const twoFramesLater = () =>
    requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(then))));
  if (document.readyState === 'complete') twoFramesLater();
  else window.addEventListener('load', twoFramesLater, { once: true });
}

if (document.getElementById(QUERY_STATE_ELEMENT_ID)) afterThePagePaints(startApp);
else void startApp();
