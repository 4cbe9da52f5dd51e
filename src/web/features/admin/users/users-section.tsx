import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/fields.tsx';
import { cn } from '../../../lib/cn.ts';
import { StatusButton } from './status-button.tsx';
import { type AdminUser, useAdminUsers } from './users-api.ts';
import { ViewAsButton } from './view-as-button.tsx';
import { SubscriptionButton } from './subscription-button.tsx';
import { buttonClass } from '../../../components/form/buttons.ts';

/**
 * The admin dashboard's Users area: accounts by e-mail with their role and status; for a
 * founder (never an admin), 'View as' and suspend or reactivate.
 */
export function UsersSection() {
  const { t } = useTranslation('admin');
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const users = useAdminUsers(search);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(typed.trim());
  }

  return (
    <section aria-labelledby="admin-users-title" className="mt-8">
      <h2 id="admin-users-title" className="text-xl font-semibold">
        {t('usersSection.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('usersSection.intro')}</p>
      <form role="search" onSubmit={onSearch} className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            {t('usersSection.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={`${searchId}-hint`}
            className={cn(inputClass, 'h-11')}
          />
          <p id={`${searchId}-hint`} className="mt-1 text-sm text-muted-foreground">
            {t('usersSection.searchHint')}
          </p>
        </div>
        <button type="submit" className={cn(buttonClass.secondary, 'mb-6')}>
          <Search aria-hidden="true" className="size-4" />
          {t('usersSection.searchButton')}
        </button>
      </form>
      <div aria-live="polite" aria-busy={users.isFetching} className="mt-4">
        {users.isPending ? (
          <p className="text-sm text-muted-foreground">{t('usersSection.loading')}</p>
        ) : users.isError ? (
          <p className="text-sm text-destructive">{t('usersSection.loadError')}</p>
        ) : users.data.users.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('usersSection.empty')}</p>
        ) : (
          <UsersTable users={users.data.users} />
        )}
      </div>
    </section>
  );
}

const COLUMNS = ['email', 'name', 'role', 'status', 'actions'] as const;

function UsersTable({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('usersSection.tableLabel')}</caption>
        <thead className="bg-muted/50">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {t(`usersSection.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-t border-border">
              <th scope="row" className="px-3 py-2 font-normal break-all">
                {user.email}
              </th>
              <td className="px-3 py-2">{user.fullName}</td>
              <td className="px-3 py-2">{t(`usersSection.role.${user.role}`)}</td>
              <td className="px-3 py-2">{t(`usersSection.status.${user.status}`)}</td>
              <td className="px-3 py-2">
                {user.role === 'admin' ? null : (
                  <div className="flex flex-wrap gap-2">
                    {user.status === 'deleted' ? null : (
                      <>
                        <ViewAsButton user={user} />
                        <StatusButton user={user} />
                      </>
                    )}
                    <SubscriptionButton user={user} />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
