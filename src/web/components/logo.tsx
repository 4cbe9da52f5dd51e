import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="flex items-center gap-2 font-semibold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M9 23V9h7.5a4.5 4.5 0 0 1 1.2 8.84L22 23h-3.4l-3.9-5H12v5H9Zm3-8h4.4a1.75 1.75 0 0 0 0-3.5H12V15Z"
          className="fill-primary-foreground"
        />
      </svg>
      <span className="text-lg">{t('brand')}</span>
    </Link>
  );
}
