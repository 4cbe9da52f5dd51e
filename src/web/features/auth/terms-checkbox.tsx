import { useId } from 'react';
import { LegalLinksText } from './legal-links.tsx';

/** The sign-up terms box (docs/product.md#founder-profile); unticked, the server refuses too. */
export function TermsCheckbox({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error?: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm">
        <input
          name="termsAccepted"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-4"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>
          <LegalLinksText i18nKey="fields.terms" />
        </span>
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
