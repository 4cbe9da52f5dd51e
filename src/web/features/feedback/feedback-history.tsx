import { useTranslation } from 'react-i18next';
import { feedbackImageUrl, useFeedbackList } from './feedback-api.ts';
import { intlLocale } from '../../lib/format.ts';
import { SettingsSection } from '../../components/settings-section.tsx';

/**
 * The founder's past feedback with where each stands (docs/weekly-rhythm.md#feedback),
 * newest first, on the profile, with the team's answers beside each and, for a Premium
 * founder's message, when the first answer is due (decision 273). Images open through their
 * owner-only signed link.
 */
export function FeedbackHistory() {
  const { t, i18n } = useTranslation('feedback');
  const list = useFeedbackList();
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <SettingsSection id="feedback-history" title={t('history.title')} body={t('history.body')}>
      {list.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('history.loading')}
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('history.error')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {list.data.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid="feedback-item">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded-full border border-border px-2 py-0.5 font-medium">{t(`type.${item.type}`)}</span>
                <span className="rounded-full bg-muted px-2 py-0.5">{t('history.status', { status: t(`status.${item.status}`) })}</span>
                <time dateTime={item.createdAt} className="text-muted-foreground">
                  {date.format(new Date(item.createdAt))}
                </time>
              </div>
              <p className="line-clamp-4 text-sm break-words whitespace-pre-line">{item.content}</p>
              {item.priority && item.firstReplyDueAt && item.replies.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('history.priorityTarget', { when: dateTime.format(new Date(item.firstReplyDueAt)) })}</p>
              ) : null}
              {item.replies.length > 0 && (
                <ul aria-label={t('history.replies')} className="flex flex-col gap-2 rounded-md border-l-4 border-primary bg-muted p-3 text-sm">
                  {item.replies.map((reply) => (
                    <li key={reply.createdAt}>
                      <p className="font-medium">{t('history.reply', { when: dateTime.format(new Date(reply.createdAt)) })}</p>
                      <p className="break-words whitespace-pre-line">{reply.body}</p>
                    </li>
                  ))}
                </ul>
              )}
              {item.sections.length > 0 && (
                <p className="text-xs text-muted-foreground">
                  {t('history.sections', { sections: item.sections.map((section) => t(`sections.${section}`)).join(', ') })}
                </p>
              )}
              {item.images.length > 0 && (
                <ul className="flex flex-wrap gap-2" aria-label={t('history.images', { count: item.images.length })}>
                  {item.images.map((image) => (
                    <li key={image.id}>
                      <img src={feedbackImageUrl(item.id, image.id)} alt={image.name} loading="lazy" className="size-16 rounded-md border border-border object-cover" />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
