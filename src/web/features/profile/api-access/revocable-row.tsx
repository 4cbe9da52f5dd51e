import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/form/buttons.ts';

/** One token or connected app in its list: what it is, its scopes and use, and the button that revokes it at once. */
export function RevocableRow({ title, details, revoke, revokeLabel, disabled, onRevoke }: { title: ReactNode; details: string; revoke: string; revokeLabel: string; disabled: boolean; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{details}</p>
      </div>
      <button type="button" disabled={disabled} onClick={onRevoke} aria-label={revokeLabel} className={buttonClass.compact}>
        {revoke}
      </button>
    </li>
  );
}
