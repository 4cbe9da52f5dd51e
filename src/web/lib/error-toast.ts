import { toast } from './toast.ts';
import { errorMessage } from './error-message.ts';

export { errorMessage };

/**
 * Shows an error as a destructive toast. `title` is the action's own title
 * (e.g. 'Error updating profile'); the description says why.
 */
export function showErrorToast(error: unknown, title?: string) {
  const description = errorMessage(error);
  if (title) toast.error(title, { description });
  else toast.error(description);
}
