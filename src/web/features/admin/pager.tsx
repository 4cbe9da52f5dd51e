import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/form/buttons.ts';

/** How many pages a list of `total` rows makes, `size` a page; one while the first answer is on its way. */
export const pageCount = (total: number | undefined, size: number) => (total === undefined ? 1 : Math.max(1, Math.ceil(total / size)));

/** Previous / 'Page 2 of 7' / Next under an admin list. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('usersSection.pages')} className="mt-3 flex items-center gap-3">
      <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('usersSection.previous')}
      </button>
      <span className="text-sm tabular-nums">{t('usersSection.pageOf', { page, pages })}</span>
      <button type="button" className={buttonClass.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('usersSection.next')}
      </button>
    </nav>
  );
}
