import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';

/**
 * What a tier-1 founder sees instead of a tier-2 feature (docs/product.md#tiers-and-trial):
 * what it is, and the way to /pricing. Each feature passes its own translated texts.
 */
export function UpgradePrompt({
  title,
  body,
  cta,
  dismiss,
}: {
  title: string;
  body: string;
  cta: string;
  dismiss?: { label: string; onDismiss: () => void };
}) {
  return (
    <div role="status" className="flex flex-wrap items-start gap-3 rounded-xl border border-highlight/50 bg-highlight/10 p-4">
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-highlight" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{body}</p>
      </div>
      <div className="flex gap-2">
        <Link to="/pricing" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground">
          {cta}
        </Link>
        {dismiss && (
          <button type="button" onClick={dismiss.onDismiss} className="rounded-md border border-border px-3 py-1.5 text-sm">
            {dismiss.label}
          </button>
        )}
      </div>
    </div>
  );
}
