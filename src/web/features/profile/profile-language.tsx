import { useEffect } from 'react';
import { LANGUAGE_STORAGE_KEY, type Language, isLanguage } from '../../../core/i18n/language.ts';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import i18next from 'i18next';
import { useSession } from '../../lib/auth-client.ts';
import { useImpersonation } from '../impersonation/index.ts';
import { useMe } from '../../lib/get-me.ts';
import { patchMe } from '../../lib/update-me.ts';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../lib/get-me.ts';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * After sign-in (docs/product.md#language): a stored choice wins; else the profile's
 * preferred_language is applied (without storing it, so the profile stays the source).
 */
export function useProfileLanguage() {
  const userId = useSession().data?.user.id;
  const me = useMe(userId);
  // An admin viewing as a founder keeps their own language: the profile read is the founder's.
  // While the session switches, the cached profile may already be the other account's: only
  // the signed-in account's own profile decides.
  const impersonating = useImpersonation() !== null;
  const preferred = me.data?.id === userId ? me.data?.preferredLanguage : undefined;
  useEffect(() => {
    if (impersonating) return;
    if (isLanguage(preferred) && !isLanguage(storedChoice()) && preferred !== currentLanguage()) {
      void i18next.changeLanguage(preferred);
    }
  }, [preferred, impersonating]);
}

/** The language switcher of the signed-in area: the choice is also saved to the profile (docs/product.md#language). */
export function ProfileLanguageSwitcher() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id;
  // An admin viewing as a founder reads in their own language without touching the founder's profile.
  const impersonating = useImpersonation() !== null;
  return (
    <LanguageSwitcher
      onChange={(language: Language) => {
        if (impersonating) return;
        // Best effort: the choice already applies and is stored locally, which wins anyway.
        patchMe({ preferredLanguage: language }).then(
          (me) => queryClient.setQueryData(meQueryKey(userId), me),
          () => undefined,
        );
      }}
    />
  );
}
