import './styles/index.css';

/**
 * The page's only script tag. A prerendered page (scripts/prerender.ts) is complete
 * HTML and CSS, so it is painted first and its script is downloaded and run after that
 * paint: the browser never holds the first paint back to parse and run JavaScript, and
 * the JavaScript doesn't compete with the stylesheet for bandwidth.
 * The public pages (`data-language` on #root) get their islands, a few listeners on the
 * prerendered markup, and no React (decision 284). Every other page (the signed-in pages'
 * shells, whose frame the app renders over, and the empty shell) starts the app at once.
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

if (root?.hasAttribute('data-language')) afterFirstPaint(startIslands);
else startApp();
