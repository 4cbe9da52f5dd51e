import { cx } from '../lib/cx.ts';
import { buttonClass } from './form/buttons.ts';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../app/theme.ts';
import { NEXT_THEME, THEMES } from '../app/theme-store.ts';

const ICON = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * One button that cycles system → light → dark; its name says the current theme. On the
 * public pages too, so it joins classes with cx: their budget has no room for tailwind-merge.
 * Every theme's icon and name are in its markup, so the public pages' island
 * (src/web/islands/public-islands.ts) switches them without the app.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const labelOf = (shown: string) => `${t('theme.label')}: ${t(`theme.${shown}`)}`;
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT_THEME[theme])}
      aria-label={labelOf(theme)}
      title={labelOf(theme)}
      data-theme-toggle=""
      data-label-system={labelOf('system')}
      data-label-light={labelOf('light')}
      data-label-dark={labelOf('dark')}
      className={cx(buttonClass.icon, 'border border-input bg-background')}
    >
      {THEMES.map((shown) => {
        const Icon = ICON[shown];
        return <Icon key={shown} aria-hidden="true" data-theme-icon={shown} className={cx('size-4', shown !== theme && 'hidden')} />;
      })}
    </button>
  );
}
