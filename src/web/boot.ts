import './styles/index.css';
import { AFTER_FIRST_PAINT_ID, FIRST_SCREEN_ID } from '../core/first-screen.ts';

/**
 * The page's only script tag. A prerendered page (scripts/prerender.ts) is complete
 * HTML and CSS, so it is painted first and its script is downloaded and run after that
 * paint: the browser never holds the first paint back to parse and run JavaScript, and
 * the JavaScript doesn't compete with the stylesheet for bandwidth.
 * The public pages (`data-language` on #root) get their islands, a few listeners on the
 * prerendered markup, and no React (decision 284). Every other page (the signed-in pages'
 * shells, whose frame the app renders over, and the empty shell) starts the app at once, but
 * for a signed-in page whose first screen the server drew (decision 315): it is painted from its
 * HTML too, so its preloads (held in a template) and the app follow that paint.
 */
function afterFirstPaint(callback: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    callback();
  };
  // A frame callback runs just before the paint; the timeout after it runs once it is on screen.
  requestAnimationFrame(() => setTimeout(once, 0));
  // Background tabs get no frames: start anyway.
  setTimeout(once, 1000);
}

const root = document.getElementById('root');
const startApp = () => void import('./main.tsx');
const startIslands = () => void import('./islands/public-islands.ts').then(({ startPublicPage }) => root && startPublicPage(root));

function addHeldPreloads() {
  const held = document.getElementById(AFTER_FIRST_PAINT_ID);
  if (held instanceof HTMLTemplateElement) document.head.append(held.content);
}

if (root?.hasAttribute('data-language')) afterFirstPaint(startIslands);
else if (document.getElementById(FIRST_SCREEN_ID)) {
  afterFirstPaint(() => {
    addHeldPreloads();
    startApp();
  });
} else startApp();
