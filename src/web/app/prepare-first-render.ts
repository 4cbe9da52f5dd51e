import { cn } from '../lib/cn.ts';

/**
 * Work the signed-in page's first render would otherwise do inside its own long task, done
 * while its reads are still on the way (decision 311). A browser sets up its number and date
 * formatting the first time a page asks for any (tens of milliseconds on a phone: the first
 * formatter of each kind costs one to two orders of magnitude more than the next), and
 * tailwind-merge builds its class map on its first call (the sidebar's). Done here, each in
 * a task of its own, the main thread is busy while it would otherwise wait for the network,
 * and the page draws its data sooner and in shorter tasks.
 */
export function prepareFirstRender(locale = document.documentElement.lang || undefined) {
  const steps = [
    () => new Intl.NumberFormat(locale, { style: 'percent' }).format(0),
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(0),
    () => cn('p-1', 'p-2'),
  ];
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
