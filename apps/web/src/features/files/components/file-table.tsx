import { DeleteOutlined, DownloadOutlined, DragOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileNode } from '@mathbridge/contracts/files';
import { useLocale } from '../../../i18n/locale.ts';
import type { FolderParams, SortField } from '../api/get-folder.ts';
import { FileIcon } from './file-icon.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';

export interface FileRowActions {
  open: (folder: FileNode) => void;
  preview: (image: FileNode) => void;
  download: (node: FileNode) => void;
  rename: (node: FileNode) => void;
  move: (nodes: FileNode[]) => void;
  remove: (nodes: FileNode[]) => void;
}

interface FileTableProps {
  items: FileNode[];
  total: number;
  loading: boolean;
  params: FolderParams;
  onParamsChange: (params: FolderParams) => void;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
  actions: FileRowActions;
  canWrite: boolean;
  empty: ReactNode;
}

const antOrder = (params: FolderParams, field: SortField): AntSortOrder =>
  params.sort === field ? (params.order === 'asc' ? 'ascend' : 'descend') : null;

/** One page of a folder: name (opens, previews or downloads), size, modified, row actions. */
export function FileTable({
  items,
  total,
  loading,
  params,
  onParamsChange,
  selected,
  onSelectedChange,
  actions,
  canWrite,
  empty,
}: FileTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();

  const nameCell = (node: FileNode) => {
    const label = <span className="mb-file-name-text">{node.name}</span>;
    if (node.type === 'dir') {
      return (
        <button
          type="button"
          className="mb-file-link"
          onClick={() => actions.open(node)}
          aria-label={t('files.row.open', { name: node.name })}
        >
          {label}
        </button>
      );
    }
    if (node.kind === 'pdf' && node.preview_url) {
      return (
        <a
          className="mb-file-link"
          href={node.preview_url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('files.row.previewPdf', { name: node.name })}
        >
          {label}
        </a>
      );
    }
    if (node.kind === 'image' && node.preview_url) {
      return (
        <button
          type="button"
          className="mb-file-link"
          onClick={() => actions.preview(node)}
          aria-label={t('files.row.preview', { name: node.name })}
        >
          {label}
        </button>
      );
    }
    return (
      <a
        className="mb-file-link"
        href={node.download_url ?? undefined}
        aria-label={t('files.row.download', { name: node.name })}
      >
        {label}
      </a>
    );
  };

  const iconButton = (key: string, title: string, icon: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip key={key} title={title}>
      <Button type="text" size="small" danger={danger} icon={icon} aria-label={title} onClick={onClick} />
    </Tooltip>
  );

  const columns: TableColumnsType<FileNode> = [
    {
      key: 'name',
      title: t('files.columns.name'),
      sorter: true,
      sortOrder: antOrder(params, 'name'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      ellipsis: true,
      render: (_value, node) => (
        <span className="mb-file-name">
          <FileIcon kind={node.kind} />
          {nameCell(node)}
        </span>
      ),
    },
    {
      key: 'size',
      title: t('files.columns.size'),
      width: 110,
      align: 'right',
      sorter: true,
      sortOrder: antOrder(params, 'size'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (_value, node) =>
        node.size === null ? <span className="mb-muted">—</span> : formatBytes(node.size, locale),
    },
    {
      key: 'updated_at',
      title: t('files.columns.updatedAt'),
      width: 170,
      sorter: true,
      sortOrder: antOrder(params, 'updated_at'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      responsive: ['md'],
      render: (_value, node) => formatDateTime(node.updated_at, locale, 'numeric'),
    },
    {
      key: 'actions',
      title: <span className="mb-visually-hidden">{t('files.columns.actions')}</span>,
      width: canWrite ? 152 : 56,
      align: 'right',
      render: (_value, node) => (
        <span className="mb-row-actions">
          {iconButton('download', t('files.row.download', { name: node.name }), <DownloadOutlined />, () =>
            actions.download(node),
          )}
          {node.editable &&
            iconButton('rename', t('files.row.rename', { name: node.name }), <EditOutlined />, () =>
              actions.rename(node),
            )}
          {node.editable &&
            iconButton('move', t('files.row.move', { name: node.name }), <DragOutlined />, () => actions.move([node]))}
          {node.editable &&
            iconButton(
              'delete',
              t('files.row.delete', { name: node.name }),
              <DeleteOutlined />,
              () => actions.remove([node]),
              true,
            )}
        </span>
      ),
    },
  ];

  const onChange: TableProps<FileNode>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = (one?.order ? one.columnKey : undefined) as SortField | undefined;
    const next: FolderParams = {
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? params.pageSize,
      sort: field ?? 'name',
      order: one?.order === 'descend' ? 'desc' : 'asc',
    };
    // A new order or page size starts again at the first page.
    if (next.sort !== params.sort || next.order !== params.order || next.pageSize !== params.pageSize) next.page = 1;
    onParamsChange(next);
  };

  return (
    <Table<FileNode>
      className="mb-file-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      onChange={onChange}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelectedChange(keys.map(Number)),
        getCheckboxProps: (node) => ({ 'aria-label': t('files.row.select', { name: node.name }) }),
      }}
      pagination={{
        current: params.page,
        pageSize: params.pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        hideOnSinglePage: total <= 20,
        showTotal: (count) => t('files.pagination.total', { count }),
      }}
      locale={{ emptyText: loading ? <div style={{ height: 160 }} /> : empty }}
      scroll={{ x: 560 }}
    />
  );
}

/** The empty state of a folder. */
export function EmptyFolder({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{t('files.empty.folder')}</div>
          <div className="mb-muted">
            {canWrite ? t('files.empty.folderHintWrite') : t('files.empty.folderHintRead')}
          </div>
        </>
      }
    />
  );
}
