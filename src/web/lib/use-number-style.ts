import { useMemo } from 'react';
import { useMe } from './get-me.ts';
import { useSession } from './auth-client.ts';
import { type NumberStyle, numberStyleOf } from './number-style.ts';
import { currentLanguage } from '../i18n/i18n.ts';

/** The signed-in founder's number style: their country (or national currency) picks the marks, else their language; with their remembered answers. */
export function useNumberStyle(): NumberStyle {
  const me = useMe(useSession().data?.user.id).data;
  const language = currentLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is read inside numberStyleOf
  return useMemo(() => numberStyleOf(me), [me, language]);
}
