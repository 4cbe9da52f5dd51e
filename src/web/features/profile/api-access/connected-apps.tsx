import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { QueryStates } from '../../../components/query-states.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { api } from '../../../lib/api-routes.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { RevocableRow } from './revocable-row.tsx';
import { useAccessText } from './use-access-text.ts';

const APPS = ['oauth-apps'] as const;

/**
 * Profile › Connected apps (decision 277): the AI assistants the founder authorised through the
 * consent page, with their scopes and last use; revoking one stops its tokens at once.
 */
export function ConnectedApps() {
  const { t, date, scopes } = useAccessText();
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: APPS, queryFn: () => api('GET /api/oauth/apps') });
  const revoke = useMutation({
    mutationFn: (id: string) => api('DELETE /api/oauth/apps/:id', { params: { id } }),
    onSuccess: () => {
      toast.success(t('connectedApps.revoked'));
      void queryClient.invalidateQueries({ queryKey: APPS });
    },
    onError: (error) => showErrorToast(error, t('connectedApps.revokeError')),
  });
  return (
    <SettingsSection id="connected-apps" title={t('connectedApps.title')} body={t('connectedApps.body')}>
      <QueryStates query={apps} loading={t('loading')} failed={t('connectedApps.error')} empty={t('connectedApps.empty')} isEmpty={(data) => data.apps.length === 0}>
        {(data) => (
          <ul className="flex flex-col divide-y divide-border">
            {data.apps.map((app) => (
              <RevocableRow
                key={app.id}
                title={app.name}
                details={[
                  scopes(app.scopes),
                  t('connectedApps.connected', { date: date(app.connectedAt) }),
                  app.lastUsedAt ? t('apiAccess.list.lastUsed', { date: date(app.lastUsedAt) }) : t('apiAccess.list.neverUsed'),
                ].join(' · ')}
                revoke={t('apiAccess.list.revoke')}
                revokeLabel={t('connectedApps.revokeLabel', { name: app.name })}
                disabled={revoke.isPending}
                onRevoke={() => revoke.mutate(app.id)}
              />
            ))}
          </ul>
        )}
      </QueryStates>
    </SettingsSection>
  );
}
