import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/cx.ts';
import { SIGN_UP_PATH } from './pricing-table.tsx';

/** On a plain background the button is the brand colour; on the brand-coloured band it is the page's. */
const TONES = { brand: 'bg-primary text-primary-foreground', onBrand: 'bg-background text-foreground' };

/** The public pages' large 'create your account' button, with its arrow. */
export function SignUpLink({ tone = 'brand', className, children }: { tone?: keyof typeof TONES; className?: string; children: ReactNode }) {
  return (
    <Link
      to={SIGN_UP_PATH}
      className={cx('inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-medium transition-colors hover:bg-primary-hover', TONES[tone], className)}
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}
