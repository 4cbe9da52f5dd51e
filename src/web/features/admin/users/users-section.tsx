import { ArrowDown, ArrowUp, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminUsersQuery, type UserSort } from '../../../../core/admin/admin-users.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { cn } from '../../../lib/cn.ts';
import { intlLocale } from '../../../lib/format.ts';
import { AdminSection } from '../admin-section.tsx';
import { ListState } from '../list-state.tsx';
import { Pager, pageCount } from '../pager.tsx';
import { StatusButton } from './status-button.tsx';
import { type AdminUser, NO_FILTERS, type UserFilters, type UserOrder, useAdminUsers, userFilterParams } from './users-api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { ViewAsButton } from './view-as-button.tsx';
import { SubscriptionButton } from './subscription-button.tsx';
import { DataTable } from '../../../components/data-table.tsx';

/** Each select of the filter form and its choices ('' first: any). */
const SELECTS = {
  tier: ['', '1', '2'],
  role: ['', 'user', 'admin'],
  status: ['', 'active', 'suspended', 'deleted'],
  onboarded: ['', 'true', 'false'],
  activity: ['', 'active7', 'active30', 'inactive30', 'inactive90'],
} as const satisfies Partial<Record<keyof UserFilters, readonly string[]>>;

const PAGE_SIZE = 25;

/** A day as the admin's language writes it; '—' for none. */
export function useDay() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' });
  return (value: string | null) => (value ? format.format(new Date(value)) : '—');
}

type FieldProps = ReturnType<ReturnType<typeof useSchemaForm<typeof AdminUsersQuery, UserFilters>>['field']>;

function SelectFilter({ name, field }: { name: keyof typeof SELECTS; field: FieldProps }) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium">
        {t(`usersSection.filters.${name}.label`)}
      </label>
      <select {...field} className={cn(inputClass, 'h-11')}>
        {SELECTS[name].map((choice) => (
          <option key={choice} value={choice}>
            {t(`usersSection.filters.${name}.${choice || 'any'}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateFilter({ name, field, error }: { name: 'signedUpFrom' | 'signedUpTo'; field: FieldProps; error: string | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium">
        {t(`usersSection.filters.${name}`)}
      </label>
      <input {...field} type="date" className={cn(inputClass, 'h-11')} />
      {error && (
        <p id={`${field.id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The admin dashboard's Users area (decision 200): accounts filtered by e-mail or name, tier,
 * role, status, onboarding, activity and sign-up date; sorted by a column; 25 to a page.
 * Each e-mail opens the user page; a founder (never an admin) can be viewed as or suspended here.
 */
export function UsersSection() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [order, setOrder] = useState<UserOrder>({ sort: 'createdAt', order: 'desc', page: 1 });
  const users = useAdminUsers(filters, order);
  // Checked as the server checks the query: an over-long search or a malformed day is said under its field.
  const form = useSchemaForm(AdminUsersQuery, NO_FILTERS, {
    toInput: userFilterParams,
    onSubmit: (_query, typed) => {
      setFilters(typed);
      setOrder((current) => ({ ...current, page: 1 }));
    },
  });
  const searchHint = `${form.id('search')}-hint`;
  function sortBy(sort: UserSort) {
    setOrder((current) => ({ sort, order: current.sort === sort && current.order === 'desc' ? 'asc' : 'desc', page: 1 }));
  }
  const pages = pageCount(users.data?.total, PAGE_SIZE);

  return (
    <AdminSection id="admin-users" title={t('usersSection.title')} intro={t('usersSection.intro')}>
      <form role="search" noValidate onSubmit={form.handleSubmit} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor={form.id('search')} className="text-sm font-medium">
            {t('usersSection.search')}
          </label>
          <input {...form.field('search', [searchHint])} type="search" className={cn(inputClass, 'h-11')} />
          <p id={searchHint} className="mt-1 text-sm text-muted-foreground">
            {t('usersSection.searchHint')}
          </p>
          {form.errors.search && (
            <p id={form.errorId('search')} className="mt-1 text-sm text-destructive">
              {form.errors.search}
            </p>
          )}
        </div>
        {(Object.keys(SELECTS) as (keyof typeof SELECTS)[]).map((name) => (
          <SelectFilter key={name} name={name} field={form.field(name)} />
        ))}
        <DateFilter name="signedUpFrom" field={form.field('signedUpFrom')} error={form.errors.signedUpFrom} />
        <DateFilter name="signedUpTo" field={form.field('signedUpTo')} error={form.errors.signedUpTo} />
        <div className="flex items-end">
          <button type="submit" className={buttonClass.secondary}>
            <Search aria-hidden="true" className="size-4" />
            {t('usersSection.searchButton')}
          </button>
        </div>
      </form>
      <ListState query={users} area="usersSection" isEmpty={(data) => data.users.length === 0}>
        {(data) => (
          <>
            <p className="mb-2 text-sm text-muted-foreground">{t('usersSection.count', { count: data.total })}</p>
            <UsersTable users={data.users} order={order} onSort={sortBy} />
            <Pager page={order.page} pages={pages} onPage={(page) => setOrder((current) => ({ ...current, page }))} />
          </>
        )}
      </ListState>
    </AdminSection>
  );
}

const COLUMNS: readonly { key: string; sort?: UserSort }[] = [
  { key: 'email', sort: 'email' },
  { key: 'name', sort: 'name' },
  { key: 'role' },
  { key: 'tier' },
  { key: 'status' },
  { key: 'onboarded' },
  { key: 'lastActive', sort: 'lastActiveAt' },
  { key: 'signedUp', sort: 'createdAt' },
  { key: 'actions' },
];

function UsersTable({ users, order, onSort }: { users: AdminUser[]; order: UserOrder; onSort: (sort: UserSort) => void }) {
  const { t } = useTranslation('admin');
  const day = useDay();
  return (
    <DataTable
      caption={t('usersSection.tableLabel')}
      head={COLUMNS.map(({ key, sort }) => {
        const sorted = sort !== undefined && order.sort === sort;
        return (
          <th key={key} scope="col" className="px-3 py-2 font-medium whitespace-nowrap" aria-sort={sorted ? (order.order === 'asc' ? 'ascending' : 'descending') : undefined}>
            {sort ? (
              <button type="button" className={cn(buttonClass.link, 'text-foreground')} onClick={() => onSort(sort)}>
                {t(`usersSection.columns.${key}`)}
                {sorted ? order.order === 'asc' ? <ArrowUp aria-hidden="true" className="size-3" /> : <ArrowDown aria-hidden="true" className="size-3" /> : null}
              </button>
            ) : (
              t(`usersSection.columns.${key}`)
            )}
          </th>
        );
      })}
    >
      {users.map((user) => (
        <tr key={user.id} className="border-t border-border">
          <th scope="row" className="px-3 py-2 font-normal break-all">
            <Link to={`/admin/users/${encodeURIComponent(user.id)}`} className="text-primary underline underline-offset-4">
              {user.email}
            </Link>
          </th>
          <td className="px-3 py-2">{user.fullName}</td>
          <td className="px-3 py-2">{t(`usersSection.role.${user.role}`)}</td>
          <td className="px-3 py-2">{t(`usersSection.filters.tier.${user.userTier}`)}</td>
          <td className="px-3 py-2">{t(`usersSection.status.${user.status}`)}</td>
          <td className="px-3 py-2">{t(`usersSection.filters.onboarded.${user.onboardingCompleted}`)}</td>
          <td className="px-3 py-2 whitespace-nowrap">{day(user.lastActiveAt)}</td>
          <td className="px-3 py-2 whitespace-nowrap">{day(user.createdAt)}</td>
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
    </DataTable>
  );
}
