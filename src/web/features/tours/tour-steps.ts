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
  reports: {
    path: '/reports',
    steps: [{ key: 'intro' }, { key: 'period', element: '#main #update-period' }, { key: 'previous', element: '#main #previous-updates' }, { key: 'editor', element: '#main #update-actions' }],
  },
  scenarios: {
    path: '/metrics/scenarios',
    steps: [{ key: 'intro' }, { key: 'baseline', element: '#main #scenario-baseline' }, { key: 'cards', element: '#main #scenario-cards' }, { key: 'add', element: '#main #scenario-add' }],
  },
  community: {
    path: '/community',
    steps: [
      { key: 'intro' },
      { key: 'achievements', element: section('community-achievements-title') },
      { key: 'visibility', element: section('community-visibility-title') },
      { key: 'leaderboard', element: section('community-leaderboard-title') },
      { key: 'chat', element: section('community-chat-title') },
      { key: 'feed', element: section('community-feed-title') },
    ],
  },
  // The list's first code, once there is one: an empty list has nothing to point at.
  referral: { path: '/referral', steps: [{ key: 'intro' }, { key: 'create', element: '#main #referral-create' }, { key: 'code', element: '#main #referral-codes > li:first-child' }] },
  subscription: {
    path: '/subscription',
    steps: [
      { key: 'intro' },
      { key: 'plan', element: section('plan-title') },
      { key: 'stretches', element: section('stretches-title') },
      // Upgrade for a founder without a paid plan, Manage for one with it.
      { key: 'upgrade', element: section('upgrade-title') },
      { key: 'manage', element: section('manage-title') },
      { key: 'history', element: `${section('history-title')}, ${section('invoices-title')}` },
      { key: 'leave', element: section('danger-zone-title') },
    ],
  },
  profile: { path: '/profile', steps: [{ key: 'intro' }, { key: 'achievements', element: section('profile-achievements') }, { key: 'form', element: '#main form' }] },
  // The admin area's landing page (/admin): its tabs, the users' search and the invitations.
  admin: {
    path: '/admin',
    steps: [{ key: 'intro' }, { key: 'sections', element: '#main #admin-sections' }, { key: 'users', element: `${section('admin-users-title')} input[type="search"]` }, { key: 'invites', element: section('admin-invites-title') }],
  },
};

export function tourForPath(pathname: string): TourId | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const found = Object.entries(TOURS).find(([, tour]) => tour.path === path);
  return found ? (found[0] as TourId) : null;
}
