import { CircleHelp } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { NumberCheck } from '../../../core/mentor/number-check.ts';
import { cn } from '../../lib/cn.ts';
import { describeSource, type NumberStyle } from './number-source.ts';

/**
 * A number of the mentor's answer that says where it comes from, on hover, focus or tap:
 * the metric, the week and the value it was found as; or that it is not from the founder's
 * data. The explanation is also the button's description, so a screen reader hears it
 * (the mark's name stays the number, so the sentence reads as written).
 */
export function NumberMark({ check, style }: { check: NumberCheck; style: NumberStyle }) {
  const { t } = useTranslation(['mentor', 'metrics']);
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const found = check.source !== null;
  const explanation = check.source ? describeSource(t, check.source, style) : t('mentor:numbers.notFound');
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        {/* Not buttonClass: an inline mark on a number in the answer, opening its source. */}
        <button
          type="button"
          aria-describedby={descriptionId}
          data-number-status={found ? 'found' : 'not-found'}
          onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
          onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          // A tap (or a click after hovering) shows it rather than toggling it off again;
          // a tap elsewhere closes it.
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className={cn(
            'inline cursor-help rounded-sm font-[inherit] underline decoration-2 underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring',
            found ? 'decoration-primary/60 decoration-dotted' : 'bg-destructive/10 decoration-destructive decoration-wavy',
          )}
        >
          {check.raw}
          {found ? null : <CircleHelp aria-hidden="true" className="ml-0.5 inline size-3 align-super text-destructive" />}
        </button>
      </Popover.Trigger>
      {/* Outside the answer's text, so copying or reading the sentence gives the sentence. */}
      {createPortal(
        <span id={descriptionId} hidden>
          {explanation}
        </span>,
        document.body,
      )}
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={4}
          collisionPadding={8}
          // The founder is reading: the mark keeps the focus, the popup only explains.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          aria-hidden="true"
          className="z-50 max-w-[min(18rem,calc(100vw-1rem))] rounded-md border border-border bg-card px-3 py-2 text-xs text-card-foreground shadow-md"
        >
          {explanation}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
