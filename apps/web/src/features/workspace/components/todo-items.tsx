import { Button, Empty, Segmented, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { TODO_STATES, type TodoItem, type TodoState } from '@mathbridge/contracts/workflow';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../identity/components/format.ts';
import { useTodos } from '../api/get-todos.ts';

const STATE_COLORS: Record<TodoState, string> = { open: 'processing', done: 'success', cancelled: 'default' };

/** The viewer's to-do items (workflow/todoList); "handle" opens what the item is about. */
export function TodoItems({ onHandle }: { onHandle: (item: TodoItem) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<TodoState>('open');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useTodos({ status, page, page_size: pageSize });

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
      <Segmented
        value={status}
        onChange={(value) => {
          setStatus(value as TodoState);
          setPage(1);
        }}
        options={TODO_STATES.map((state) => ({ value: state, label: t(`todoStates.${state}`) }))}
        style={{ marginBottom: 16 }}
      />
      {list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table<TodoItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching}
          scroll={{ x: 720 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={status === 'open' ? t('workspace.todo.empty') : t('workspace.todo.emptyDone')}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      )}
    </>
  );
}
