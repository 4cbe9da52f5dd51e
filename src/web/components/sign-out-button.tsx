import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../lib/toast.ts';
import { cn } from '../lib/cn.ts';
import { showErrorToast } from '../lib/error-toast.ts';
import { signOutAndClear } from '../lib/sign-out.ts';

/**
 * 'Sign out': ends the session, clears what this browser kept for the founder, goes to the landing page.
 * `compact` keeps only the icon on phones (the label stays for screen readers).
 */
export function SignOutButton({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    // Not buttonClass: it sits in the sidebar among the navigation items and looks like them.
    <button
      type="button"
      className={cn('flex items-center gap-3 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground', className)}
      onClick={async () => {
        const { error } = await signOutAndClear({ byFounder: true });
        if (error) {
          showErrorToast(error, t('signOut.error'));
          return;
        }
        // The guard may already be leaving for the landing page as the session ends; this still runs.
        toast.success(t('signOut.success'));
        navigate('/', { replace: true });
      }}
    >
      <LogOut aria-hidden="true" className="size-4" />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{t('signOut.label')}</span>
    </button>
  );
}
