import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { ADMIN_SIGN_IN_NOTICE_PARAM } from '../../../core/admin/sign-in-notice.ts';

/**
 * An admin's one-time sign-in link lands on /overview?signed_in_by_admin=1 (decision 271):
 * tell the founder how they were signed in, for a minute, and drop the flag so a reload
 * does not repeat it.
 */
export function useAdminSignInNotice() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const signedInByAdmin = params.get(ADMIN_SIGN_IN_NOTICE_PARAM) === '1';
  useEffect(() => {
    if (!signedInByAdmin) return;
    toast.info(t('callback.signedInByAdmin'), { id: 'admin-sign-in', duration: 60_000, closeButton: true });
    setParams(
      (current) => {
        current.delete(ADMIN_SIGN_IN_NOTICE_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [signedInByAdmin, setParams, t]);
}
