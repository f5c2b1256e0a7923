import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';

/**
 * The card every unpaged content list sits in (categories, banners, manual pages): the list's
 * table, a retry when it failed to load, and an empty state that offers to create the first one.
 */
export function ContentTable<T extends { id: number }>({
  query,
  rows = query.data,
  title,
  empty,
  create,
  ...table
}: {
  query: UseQueryResult<T[]>;
  /** What the table shows when it is not the whole list (a tab's share of it). */
  rows?: readonly T[];
  title?: ReactNode;
  empty: string;
  /** The create action offered in the empty state. */
  create?: { label: string; onClick: () => void };
} & Pick<TableProps<T>, 'columns' | 'expandable'>) {
  return (
    <Card variant="borderless" title={title}>
      {query.isError && !query.data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <Table<T>
          rowKey="id"
          dataSource={rows}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty}>
                {create && (
                  <Button type="primary" onClick={create.onClick}>
                    {create.label}
                  </Button>
                )}
              </Empty>
            ),
          }}
          {...table}
        />
      )}
    </Card>
  );
}
