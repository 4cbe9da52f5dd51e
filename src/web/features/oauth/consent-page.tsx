import { useMutation, useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../components/form/buttons.ts';
import { ChoiceField } from '../../components/form/fields.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { showErrorToast } from '../../lib/error-toast.ts';

type Decision = 'approve' | 'deny';

/**
 * The OAuth consent screen (decision 277): an AI assistant asks to act for the signed-in founder
 * through /mcp. The founder sees the app, where it will be sent back, and chooses read only or
 * read and write (what the app asked for is preselected), then approves or denies; either way
 * the browser goes back to the app.
 */
export function ConsentPage() {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const search = params.toString();
  const request = useQuery({ queryKey: ['oauth-consent', search], queryFn: () => api('GET /api/oauth/authorization', { query: Object.fromEntries(params) }), retry: false });
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('consent.heading')}</h1>
      <QueryStates query={request} loading={t('loading')} failed={t('consent.invalid')}>
        {(data) => <ConsentForm request={data} query={Object.fromEntries(params)} />}
      </QueryStates>
    </div>
  );
}

function ConsentForm({ request, query }: { request: ApiAnswer<'GET /api/oauth/authorization'>; query: Record<string, string> }) {
  const { t } = useTranslation('profile');
  const [scope, setScope] = useState(request.scopes.includes('write') ? 'write' : 'read');
  const answer = useMutation({
    mutationFn: (decision: Decision) =>
      // The authorization request's own parameters go back as the page received them: the server checks them again.
      api('POST /api/oauth/authorization', { init: { body: JSON.stringify({ ...query, decision, scopes: scope === 'write' ? ['read', 'write'] : ['read'] }) } }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
    onError: (error) => showErrorToast(error, t('consent.error')),
  });
  const name = request.client.name;
  return (
    <SettingsSection id="consent" title={t('consent.title', { name })} body={t('consent.body', { name, origin: request.redirectOrigin })}>
      <ChoiceField
        name="scope"
        label={t('consent.scopes')}
        value={scope}
        onChange={setScope}
        options={[
          { value: 'read', label: t('apiAccess.scopes.read') },
          { value: 'write', label: t('apiAccess.scopes.readWrite') },
        ]}
      />
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        <li>{t('consent.read')}</li>
        {scope === 'write' ? <li>{t('consent.write')}</li> : null}
        <li>{t('consent.never')}</li>
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass.primary} disabled={answer.isPending} onClick={() => answer.mutate('approve')}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t('consent.approve')}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={answer.isPending} onClick={() => answer.mutate('deny')}>
          {t('consent.deny')}
        </button>
      </div>
    </SettingsSection>
  );
}
