import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE } from '../../core/validation/issues.ts';

/**
 * Loads the shared schemas' messages (`validation:` keys, decision 236) beside a form or a
 * view that shows them, without suspending it: they are needed only once a message shows,
 * and the view renders again when they arrive.
 */
export function useValidationTexts() {
  useTranslation(VALIDATION_NAMESPACE, { useSuspense: false });
}
