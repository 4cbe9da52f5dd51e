import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { Check, CircleHelp, Copy, Info, Paperclip, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ChatMessage } from './chat-message.ts';
import { MarkdownAnswer } from './markdown-answer.tsx';
import type { NumberStyle } from './number-source.ts';
import { ToolLines } from './tool-lines.tsx';

export function MessageBubble({ message, onRetry, numberStyle }: { message: ChatMessage; onRetry: () => void; numberStyle: NumberStyle }) {
  const { t } = useTranslation('mentor');
  const [copied, setCopied] = useState(false);
  if (message.kind === 'file') {
    return (
      <div className="ml-auto flex max-w-[85%] items-center gap-2 rounded-lg border border-border bg-card px-3 py-2 text-sm">
        <Paperclip aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span className="min-w-0 break-words">{t('files.added', { names: message.content.replace(/^📎\s*/u, '') })}</span>
      </div>
    );
  }
  if (message.role === 'user') {
    return (
      <div className="ml-auto max-w-[85%] rounded-lg bg-primary px-3 py-2 text-sm whitespace-pre-wrap text-primary-foreground">
        <span className="sr-only">{t('you')}</span>
        {message.content}
      </div>
    );
  }
  return (
    <article className="max-w-full rounded-lg bg-muted/60 px-3 py-2" aria-label={t('mentorSaid')}>
      {message.providerUnavailable ? (
        <p role="status" className="mb-2 flex items-start gap-1.5 rounded-md border border-border bg-background px-2 py-1.5 text-xs">
          <Info aria-hidden="true" className="mt-px size-3.5 shrink-0 text-primary" />
          {t('errors.providerUnavailable')}
        </p>
      ) : null}
      {message.toolCalls?.length ? <ToolLines calls={message.toolCalls.filter(Boolean)} /> : null}
      {message.content ? (
        <MarkdownAnswer text={message.content} checks={message.numberChecks ?? []} style={numberStyle} />
      ) : message.status === 'streaming' ? (
        <p className="text-sm text-muted-foreground">{t('thinking')}</p>
      ) : null}
      {message.numberChecks?.some((check) => check.source === null) ? (
        <p className="mt-2 flex items-start gap-1.5 rounded-md border border-destructive/40 px-2 py-1.5 text-xs">
          <CircleHelp aria-hidden="true" className="mt-px size-3.5 shrink-0 text-destructive" />
          {t('numbers.notice')}
        </p>
      ) : null}
      {message.status === 'trouble' && (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-destructive">
          {t('errors.trouble')}
          <button type="button" onClick={onRetry} className={cn(buttonClass.compact, 'h-8 px-2')}>
            <RotateCcw aria-hidden="true" className="size-3.5" />
            {t('errors.retry')}
          </button>
        </div>
      )}
      {message.status === 'stopped' && <p className="mt-2 text-xs text-muted-foreground">{t('stopped')}</p>}
      {message.content && message.status !== 'streaming' && (
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(message.content);
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            } catch {
              toast.error(t('copy.failed'));
            }
          }}
          className={cn(buttonClass.ghost, 'mt-2 h-8 px-2 text-xs')}
        >
          {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
          {copied ? t('copy.done') : t('copy.button')}
        </button>
      )}
    </article>
  );
}
