import './styles/index.css';

/**
 * The page's only script tag. A prerendered page (scripts/prerender.ts) is complete
 * HTML and CSS, so it is painted first and the app (main.tsx, which hydrates it) is
 * downloaded and run after that paint: the browser never holds the first paint back
 * to parse and run the app's JavaScript, and the JavaScript doesn't compete with the
 * stylesheet for bandwidth. An empty shell (every other route) starts the app at once.
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

const startApp = () => void import('./main.tsx');

if (document.getElementById('root')?.hasAttribute('data-language')) afterFirstPaint(startApp);
else startApp();
