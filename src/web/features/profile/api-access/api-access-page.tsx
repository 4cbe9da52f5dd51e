import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreateTokenInput } from '../../../../core/api-tokens/token-schema.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { ChoiceField, SelectField, TextField } from '../../../components/form/fields.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { ConnectedApps } from './connected-apps.tsx';
import { RevocableRow } from './revocable-row.tsx';
import { useAccessText } from './use-access-text.ts';

type Tokens = ApiAnswer<'GET /api/tokens'>;
type Token = Tokens['tokens'][number];
type Created = ApiAnswer<'POST /api/tokens'>;

const TOKENS = ['tokens'] as const;
const EXPIRY_CHOICES = ['', '30', '90', '365'] as const;
/** The guide a founder follows (docs/api.md), served by the app itself. */
export const API_GUIDE_URL = '/docs/api.md';

/**
 * Profile › API access (docs/api.md, decision 275): personal tokens for scripts, spreadsheets
 * and AI assistants. A new token is shown once, here, with a copy button; the list shows
 * each token's scopes, expiry and last use, never the token, and revokes at once.
 */
export function ApiAccessPage() {
  const { t } = useTranslation('profile');
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('apiAccess.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('apiAccess.subtitle')}</p>
        <a href={API_GUIDE_URL} className={`${buttonClass.link} mt-2`}>
          {t('apiAccess.guide')}
        </a>
      </header>
      {created ? <NewToken token={created} onDone={() => setCreated(null)} /> : <CreateTokenForm onCreated={setCreated} />}
      <TokenList />
      <ConnectedApps />
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: Created) => void }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const form = useSchemaForm(
    CreateTokenInput,
    { name: '', scopes: 'read', expiry: '90' },
    {
      toInput: (values) => ({
        name: values.name,
        scopes: values.scopes === 'write' ? ['read', 'write'] : ['read'],
        ...(values.expiry ? { expiresInDays: Number(values.expiry) } : {}),
      }),
      onSubmit: async (input) => {
        const token = await api('POST /api/tokens', { json: input });
        void queryClient.invalidateQueries({ queryKey: TOKENS });
        form.reset();
        onCreated(token);
      },
      fieldOf: (path) => (path === 'expiresInDays' ? 'expiry' : path === 'name' || path === 'scopes' ? path : null),
      onError: (error, onFields) => {
        if (!onFields) showErrorToast(error, t('apiAccess.createError'));
      },
    },
  );
  return (
    <SettingsSection id="new-token" title={t('apiAccess.create.title')} body={t('apiAccess.create.body')}>
      <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
        <TextField label={t('apiAccess.create.name')} hint={t('apiAccess.create.nameHint')} required {...form.control('name')} />
        <ChoiceField
          label={t('apiAccess.create.scopes')}
          options={[
            { value: 'read', label: t('apiAccess.scopes.read') },
            { value: 'write', label: t('apiAccess.scopes.readWrite') },
          ]}
          {...form.control('scopes')}
        />
        <SelectField
          label={t('apiAccess.create.expiry')}
          options={EXPIRY_CHOICES.map((days) => ({ value: days, label: days ? t('apiAccess.create.days', { count: Number(days) }) : t('apiAccess.create.never') }))}
          {...form.control('expiry')}
        />
        <button type="submit" disabled={form.submitting} className={buttonClass.primary}>
          <KeyRound aria-hidden="true" className="size-4" />
          {form.submitting ? t('apiAccess.create.submitting') : t('apiAccess.create.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}

/** The one time the token is shown. */
function NewToken({ token, onDone }: { token: Created; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      toast.success(t('apiAccess.created.copied'));
    } catch {
      toast.error(t('apiAccess.created.copyFailed'));
    }
  };
  return (
    <SettingsSection id="created-token" title={t('apiAccess.created.title', { name: token.name })} body={t('apiAccess.created.body')}>
      <p role="status" className="break-all rounded-md border border-border bg-muted p-3 font-mono text-sm" data-testid="new-token">
        {token.token}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => void copy()} className={buttonClass.primary}>
          <Copy aria-hidden="true" className="size-4" />
          {t('apiAccess.created.copy')}
        </button>
        <button type="button" onClick={onDone} className={buttonClass.secondary}>
          {t('apiAccess.created.done')}
        </button>
      </div>
    </SettingsSection>
  );
}

function TokenList() {
  const { t, date, scopes } = useAccessText();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: TOKENS, queryFn: () => api('GET /api/tokens') });
  const revoke = useMutation({
    mutationFn: (id: string) => api('DELETE /api/tokens/:id', { params: { id } }),
    onSuccess: () => {
      toast.success(t('apiAccess.list.revoked'));
      void queryClient.invalidateQueries({ queryKey: TOKENS });
    },
    onError: (error) => showErrorToast(error, t('apiAccess.list.revokeError')),
  });
  const details = (token: Token) =>
    [
      scopes(token.scopes),
      token.lastUsedAt ? t('apiAccess.list.lastUsed', { date: date(token.lastUsedAt) }) : t('apiAccess.list.neverUsed'),
      token.expiresAt ? t(token.expired ? 'apiAccess.list.expired' : 'apiAccess.list.expires', { date: date(token.expiresAt) }) : t('apiAccess.list.noExpiry'),
    ].join(' · ');
  return (
    <SettingsSection id="tokens" title={t('apiAccess.list.title')}>
      <QueryStates query={tokens} loading={t('loading')} failed={t('apiAccess.list.error')} empty={t('apiAccess.list.empty')} isEmpty={(data) => data.tokens.length === 0}>
        {(data) => (
          <ul className="flex flex-col divide-y divide-border">
            {data.tokens.map((token) => (
              <RevocableRow
                key={token.id}
                title={
                  <>
                    {token.name} <span className="font-mono text-sm font-normal text-muted-foreground">{t('apiAccess.list.hint', { hint: token.hint })}</span>
                  </>
                }
                details={details(token)}
                revoke={t('apiAccess.list.revoke')}
                revokeLabel={t('apiAccess.list.revokeLabel', { name: token.name })}
                disabled={revoke.isPending}
                onRevoke={() => revoke.mutate(token.id)}
              />
            ))}
          </ul>
        )}
      </QueryStates>
    </SettingsSection>
  );
}
