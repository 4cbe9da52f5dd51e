import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';

/**
 * The confirmation e-mail's link lands on /overview?email_confirmed=true (docs/product.md#e-mail):
 * say thanks once and drop the flag, so a reload or a shared URL does not repeat it.
 */
export function useEmailConfirmedToast() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const confirmed = params.get('email_confirmed') === 'true';
  useEffect(() => {
    if (!confirmed) return;
    toast.success(t('callback.emailConfirmed'));
    setParams(
      (current) => {
        current.delete('email_confirmed');
        return current;
      },
      { replace: true },
    );
  }, [confirmed, setParams, t]);
}
