import { CalendarCheck, ListChecks, PlusCircle } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageWithProgress } from '../gamification/index.ts';
import { useStrategy } from '../strategy/index.ts';
import { CreateTab } from './create-tab.tsx';
import { ActiveTab, DoneTab } from './task-lists.tsx';

type Tab = 'create' | 'active' | 'done';
const TABS: readonly string[] = ['create', 'active', 'done'];

/** /high-performance-tasks: Create, Active (by ICE) and Done (docs/product.md#tasks). */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  // `?tab=active` opens a tab directly: the Friday e-mail links to the active tasks.
  const [params] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const [tab, setTab] = useState<Tab>(TABS.includes(asked) ? (asked as Tab) : 'create');
  const strategy = useStrategy();
  const maximas = strategy.data?.maximas ?? [];
  const tabClass =
    'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm text-muted-foreground data-[state=active]:bg-background data-[state=active]:font-medium data-[state=active]:text-foreground data-[state=active]:shadow-sm';
  return (
    <PageWithProgress id="tasks-title" title={t('title')} intro={t('intro')}>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List aria-label={t('tabs.label')} className="inline-flex gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="create" className={tabClass}>
            <PlusCircle aria-hidden="true" className="size-4" />
            {t('tabs.create')}
          </Tabs.Trigger>
          <Tabs.Trigger value="active" className={tabClass}>
            <ListChecks aria-hidden="true" className="size-4" />
            {t('tabs.active')}
          </Tabs.Trigger>
          <Tabs.Trigger value="done" className={tabClass}>
            <CalendarCheck aria-hidden="true" className="size-4" />
            {t('tabs.done')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="create" className="mt-5">
          <CreateTab maximas={maximas} onCreated={() => setTab('active')} />
        </Tabs.Content>
        <Tabs.Content value="active" className="mt-5">
          <ActiveTab maximas={maximas} />
        </Tabs.Content>
        <Tabs.Content value="done" className="mt-5">
          <DoneTab maximas={maximas} />
        </Tabs.Content>
      </Tabs.Root>
    </PageWithProgress>
  );
}
