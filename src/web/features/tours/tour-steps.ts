import type { TourId } from '../../../core/tours/tour-ids.ts';

/**
 * Each section's tour: the page it belongs to and its steps, each a translation key under
 * `tours:<tour>.<step>` and the element it points at. The first step points at nothing (it
 * is centred). Selectors use what the pages already expose for screen readers (headings,
 * labelled sections, the tab list), so a tour follows the page without markup of its own;
 * a step whose element is not on the page (an empty state) is left out.
 */
export type TourStep = { key: string; element?: string };
type Tour = { path: string; steps: readonly TourStep[] };

const section = (labelId: string) => `#main section[aria-labelledby="${labelId}"]`;

export const TOURS: Record<TourId, Tour> = {
  overview: {
    path: '/overview',
    steps: [{ key: 'intro' }, { key: 'next', element: section('next-actions-title') }, { key: 'metrics', element: '#main #metrics' }, { key: 'tasks', element: '#main #tasks' }, { key: 'strategy', element: '#main #strategy' }],
  },
  metrics: { path: '/metrics', steps: [{ key: 'intro' }, { key: 'cards', element: section('cards-title') }, { key: 'form', element: '#main #week-form' }] },
  tasks: { path: '/high-performance-tasks', steps: [{ key: 'intro' }, { key: 'tabs', element: '#main [role="tablist"]' }] },
  strategy: {
    path: '/strategy-builder',
    steps: [{ key: 'intro' }, { key: 'builder', element: section('builder-title') }, { key: 'roadmap', element: section('roadmap-title') }, { key: 'versions', element: section('versions-title') }],
  },
  aiContext: { path: '/aicontext', steps: [{ key: 'intro' }, { key: 'new', element: section('new-entry') }, { key: 'entries', element: section('entries-title') }] },
  mentor: { path: '/talk-rumbo', steps: [{ key: 'intro' }, { key: 'log', element: '#main [role="log"]' }, { key: 'form', element: '#main form' }] },
  community: { path: '/community', steps: [{ key: 'intro' }] },
  referral: { path: '/referral', steps: [{ key: 'intro' }] },
  subscription: { path: '/subscription', steps: [{ key: 'intro' }] },
  profile: { path: '/profile', steps: [{ key: 'intro' }, { key: 'achievements', element: section('profile-achievements') }, { key: 'form', element: '#main form' }] },
};

export function tourForPath(pathname: string): TourId | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const found = Object.entries(TOURS).find(([, tour]) => tour.path === path);
  return found ? (found[0] as TourId) : null;
}
