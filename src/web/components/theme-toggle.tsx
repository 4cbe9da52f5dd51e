import { cx } from '../lib/cx.ts';
import { buttonClass } from './form/buttons.ts';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Theme, useTheme } from '../app/theme.ts';

const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const ICON = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * One button that cycles system → light → dark; its name says the current theme. On the
 * public pages too, so it joins classes with cx: their budget has no room for tailwind-merge.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const Icon = ICON[theme];
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[theme])}
      aria-label={`${t('theme.label')}: ${t(`theme.${theme}`)}`}
      title={`${t('theme.label')}: ${t(`theme.${theme}`)}`}
      className={cx(buttonClass.icon, 'border border-input bg-background')}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
