import { type DriveStep, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import type { TFunction } from 'i18next';
import type { TourId } from '../../../core/tours/tour-ids.ts';
import { founderDialogOpen } from './founder-dialog.ts';
import { TOURS } from './tour-steps.ts';

/**
 * driver.js marks the highlighted element as a popup trigger (aria-haspopup, -expanded,
 * -controls), which a heading, a region or its own placeholder may not carry: axe
 * reports it and screen readers announce a control that is not one. The popover itself
 * takes the focus, so nothing is lost by removing them.
 */
const POPUP_ATTRIBUTES = ['aria-haspopup', 'aria-expanded', 'aria-controls'];
function stripPopupAttributes() {
  for (const element of document.querySelectorAll('.driver-active-element, #driver-dummy-element')) {
    for (const name of POPUP_ATTRIBUTES) if (element.hasAttribute(name)) element.removeAttribute(name);
  }
}

/** driver.js writes titles and descriptions as HTML: the texts go in as text. */
const asText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Runs one section's tour with driver.js (decision 173) and returns a function that ends
 * it. Steps whose element is missing are dropped first, so "2 of 3" counts what is shown.
 * The tour ends by itself when the founder opens a dialog. Motion follows the founder's
 * reduced-motion setting. Keyboard: arrows move, Escape skips, Tab stays inside the popover.
 */
export function runTour(tour: TourId, t: TFunction<'tours'>): () => void {
  const steps: DriveStep[] = TOURS[tour].steps
    .filter((step) => !step.element || document.querySelector(step.element))
    .map((step) => ({
      element: step.element,
      popover: { title: asText(t(`${tour}.${step.key}.title`)), description: asText(t(`${tour}.${step.key}.body`)) },
    }));
  const tourDriver = driver({
    steps,
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    showProgress: steps.length > 1,
    progressText: t('progress', { current: '{{current}}', total: '{{total}}' }),
    nextBtnText: t('next'),
    prevBtnText: t('previous'),
    doneBtnText: t('done'),
    popoverClass: 'rumbo-tour',
    onPopoverRender: (popover) => {
      // driver.js labels its close button "Close" in English; here it skips the tour.
      popover.closeButton.setAttribute('aria-label', t('skip'));
      popover.closeButton.title = t('skip');
    },
    onDestroyed: () => observer.disconnect(),
  });
  const observer = new MutationObserver(() => {
    stripPopupAttributes();
    if (founderDialogOpen()) tourDriver.destroy();
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'data-state', ...POPUP_ATTRIBUTES] });
  tourDriver.drive();
  return () => {
    observer.disconnect();
    if (tourDriver.isActive()) tourDriver.destroy();
  };
}
