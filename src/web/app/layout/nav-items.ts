import {
  BookOpen,
  Compass,
  Gift,
  LayoutDashboard,
  LineChart,
  ListChecks,
  type LucideIcon,
  MessageCircle,
  Shield,
  UserRound,
  Users,
} from 'lucide-react';

/** The protected area's navigation (docs/product.md#signed-in-area), in display order. */
export type NavItem = { to: string; labelKey: string; icon: LucideIcon; adminOnly?: boolean };

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/overview', labelKey: 'nav.overview', icon: LayoutDashboard },
  { to: '/metrics', labelKey: 'nav.metrics', icon: LineChart },
  { to: '/high-performance-tasks', labelKey: 'nav.tasks', icon: ListChecks },
  { to: '/strategy-builder', labelKey: 'nav.strategy', icon: Compass },
  { to: '/talk-rumbo', labelKey: 'nav.mentor', icon: MessageCircle },
  { to: '/aicontext', labelKey: 'nav.aiContext', icon: BookOpen },
  { to: '/community', labelKey: 'nav.community', icon: Users },
  { to: '/referral', labelKey: 'nav.referral', icon: Gift },
  { to: '/profile', labelKey: 'nav.profile', icon: UserRound },
  { to: '/admin', labelKey: 'nav.admin', icon: Shield, adminOnly: true },
];
