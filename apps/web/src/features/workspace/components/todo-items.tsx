import { Alert, Button, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { TODO_KINDS, TODO_STATES, type TodoItem, type TodoKind, type TodoState } from '@mathbridge/contracts/workflow';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useTodos } from '../api/get-todos.ts';

const STATE_COLORS: Record<TodoState, string> = { open: 'processing', done: 'success', cancelled: 'default' };
/** The kinds the dashboard's counts open the list at, each named; any other kind is 'one kind of to-do'. */
const NAMED_KINDS = ['solutionReview', 'researchApply', 'researchInvite'] as const;

/** The viewer's to-do items (workflow/todoList); "handle" opens what the item is about. */
export function TodoItems({ onHandle }: { onHandle: (item: TodoItem) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useListParams<TodoState, 'kind'>({ statuses: TODO_STATES, defaultStatus: 'open', filters: ['kind'] });
  const status = params.status ?? 'open';
  const requestedKind = params.filters.kind as TodoKind | undefined;
  const kind = requestedKind && TODO_KINDS.includes(requestedKind) ? requestedKind : undefined;
  const list = useTodos({ status, kind, page: params.page, page_size: params.pageSize });
  const kindLabel = (NAMED_KINDS as readonly string[]).includes(kind ?? '')
    ? t(`workspace.todo.filtered.${kind as (typeof NAMED_KINDS)[number]}`)
    : t('workspace.todo.filtered.other');

  const columns: TableProps<TodoItem>['columns'] = [
    { key: 'title', title: t('workspace.todo.item'), render: (_, item) => item.title },
    {
      key: 'created',
      title: t('workspace.todo.createdAt'),
      width: 180,
      render: (_, item) => formatDateTime(item.created_at, locale),
    },
    ...(status === 'open'
      ? []
      : [
          {
            key: 'closed',
            title: t('workspace.todo.closedAt'),
            width: 180,
            render: (_: unknown, item: TodoItem) => formatDateTime(item.closed_at, locale),
          },
        ]),
    {
      key: 'state',
      title: t('workspace.todo.state'),
      width: 100,
      render: (_, item) => <Tag color={STATE_COLORS[item.state]}>{t(`todoStates.${item.state}`)}</Tag>,
    },
    {
      key: 'actions',
      title: t('workspace.review.actions'),
      width: 110,
      render: (_, item) => (
        <Button type={item.state === 'open' ? 'primary' : 'link'} size="small" onClick={() => onHandle(item)}>
          {item.state === 'open' ? t('workspace.todo.handle') : t('workspace.review.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {kind && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={kindLabel}
          action={
            <Button size="small" onClick={() => params.setFilters({ kind: undefined })}>
              {t('workspace.todo.showAll')}
            </Button>
          }
        />
      )}
      <StatusTabs<TodoState>
        variant="segmented"
        value={status}
        onChange={params.setStatus}
        options={TODO_STATES.map((state) => ({ value: state, label: t(`todoStates.${state}`) }))}
      />
      <QueryTable<TodoItem>
        query={list}
        list={params}
        columns={columns}
        scroll={{ x: 720 }}
        empty={status === 'open' ? t('workspace.todo.empty') : t('workspace.todo.emptyDone')}
      />
    </>
  );
}
