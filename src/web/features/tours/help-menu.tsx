import { CircleHelp, Compass, MessageSquarePlus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TourId } from '../../../core/tours/tour-ids.ts';
import { useMarkTourSeen, useTours } from './tours-api.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useImpersonation } from '../impersonation/index.ts';
import { founderDialogOpen } from './founder-dialog.ts';
import { tourForPath } from './tour-steps.ts';

const READY_POLL_MS = 250;

/** The page has drawn its content: a heading, nothing still loading, no dialog open. */
const pageReady = () => document.querySelector('#main h1') !== null && document.querySelector('#main [aria-busy="true"]') === null && !founderDialogOpen();

/**
 * The shell's help menu: the current section's tour (replayable at any time) and feedback.
 * It also starts a section's tour on the founder's first visit, once the page is ready,
 * and remembers it on the server as seen (showing it once is enough: the menu replays it).
 * An admin viewing as a founder never starts or spends the founder's tours.
 */
export function HelpMenu({ onFeedback }: { onFeedback: () => void }) {
  const { t } = useTranslation('tours');
  const { pathname } = useLocation();
  const tour = tourForPath(pathname);
  const signedIn = Boolean(useSession().data);
  const impersonating = useImpersonation() !== null;
  const tours = useTours(signedIn && !impersonating);
  const { mutate: markSeen } = useMarkTourSeen();
  const stop = useRef<(() => void) | null>(null);

  const start = useCallback(
    (id: TourId) => {
      stop.current?.();
      // driver.js (and its styles) load with the first tour, not with every signed-in page.
      let end: (() => void) | null = null;
      let stopped = false;
      stop.current = () => {
        stopped = true;
        end?.();
      };
      void import('./run-tour.ts').then(({ runTour }) => {
        if (!stopped) end = runTour(id, t);
      });
      if (!impersonating) markSeen(id);
    },
    [t, impersonating, markSeen],
  );

  const firstVisit = tour !== null && tours.data?.autoStart === true && !tours.data.seen.includes(tour);
  useEffect(() => {
    if (!firstVisit || !tour) return;
    const timer = window.setInterval(() => {
      if (!pageReady()) return;
      window.clearInterval(timer);
      start(tour);
    }, READY_POLL_MS);
    return () => window.clearInterval(timer);
  }, [firstVisit, tour, start]);

  // Leaving the page ends its tour.
  useEffect(
    () => () => {
      stop.current?.();
      stop.current = null;
    },
    [pathname],
  );

  const itemClass = 'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex size-9 items-center justify-center rounded-md border border-input" aria-label={t('help.label')}>
        <CircleHelp aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-md border border-border bg-card p-1 text-card-foreground shadow-md">
          <DropdownMenu.Item className={itemClass} disabled={!tour} onSelect={() => tour && start(tour)}>
            <Compass aria-hidden="true" className="size-4" />
            {tour ? t('help.tour') : t('help.noTour')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={onFeedback}>
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            {t('help.feedback')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
