import { Trans } from 'react-i18next';
import { Link } from 'react-router';

const LINK_CLASS = 'font-medium underline underline-offset-4 hover:text-foreground';

/**
 * A consent sentence from the `auth` namespace with its <terms> and <privacy> parts
 * linked to the two pages. They open in a new tab, so the form keeps what was typed.
 */
export function LegalLinksText({ i18nKey }: { i18nKey: 'fields.terms' | 'providers.termsNote' }) {
  return (
    <Trans
      ns="auth"
      i18nKey={i18nKey}
      components={{
        terms: <Link to="/terms" target="_blank" rel="noopener" className={LINK_CLASS} />,
        privacy: <Link to="/privacy" target="_blank" rel="noopener" className={LINK_CLASS} />,
      }}
    />
  );
}
