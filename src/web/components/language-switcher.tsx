import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, languageFromTag } from '../../core/i18n/language.ts';
import { chooseLanguage } from '../i18n/i18n.ts';

/** A native select: keyboard and screen readers know it, and it costs no script. */
export function LanguageSwitcher({ onChange }: { onChange?: (language: Language) => void }) {
  // useTranslation re-renders this on every language change. The language comes from the
  // i18next instance in context, not the browser's global one: the prerendered HTML is
  // rendered with its own instance (entry-server.tsx), so the selector shows that page's language.
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = languageFromTag(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  return (
    <div className="flex items-center gap-1.5">
      <Languages aria-hidden="true" className="size-4 text-muted-foreground" />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={value}
        data-language-select=""
        onChange={(event) => {
          const language = event.target.value as Language;
          void chooseLanguage(language);
          onChange?.(language);
        }}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
