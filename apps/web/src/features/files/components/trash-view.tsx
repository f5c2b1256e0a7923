import { ArrowLeftOutlined, ClearOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Empty, Table, Tooltip, type Modal, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRASH_RETENTION_DAYS, type TrashItem } from '@mathbridge/contracts/files';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { useEmptyTrash } from '../api/empty-trash.ts';
import { useTrash, type TrashParams } from '../api/get-trash.ts';
import { usePurgeNodes } from '../api/purge-nodes.ts';
import { useRestoreNodes } from '../api/restore-nodes.ts';
import { FileIcon } from './file-icon.tsx';
import { daysUntil, formatDateTime } from '../../../lib/format.ts';

interface TrashViewProps {
  spaceId: number;
  rootLabel: string;
  onBack: () => void;
  /** The file manager's modal hook (confirm dialogs in its theme and locale). */
  modal: ReturnType<typeof Modal.useModal>[0];
}

/** A space's trash: restore, delete for good, or empty it (each asks first when it cannot be undone). */
export function TrashView({ spaceId, rootLabel, onBack, modal }: TrashViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useState<TrashParams>({ page: 1, pageSize: 20 });
  const [selection, setSelection] = useState<{ page: number; ids: number[] }>({ page: 1, ids: [] });
  const trash = useTrash(spaceId, params);
  const restore = useRestoreNodes();
  const purge = usePurgeNodes();
  const empty = useEmptyTrash();
  const items = trash.data?.items ?? [];
  // Selection belongs to the page it was made on.
  const selected =
    selection.page === params.page
      ? selection.ids.filter((id) => items.some((item) => item.id === id && item.editable))
      : [];
  const clear = () => setSelection({ page: params.page, ids: [] });

  const onRestore = async (ids: number[]) => {
    try {
      await restore.mutateAsync(ids);
      notify.success(t('files.trash.restored'));
      clear();
    } catch {
      // Reported by the API client.
    }
  };

  const onPurge = (nodes: TrashItem[]) => {
    const only = nodes.length === 1 ? nodes[0] : undefined;
    void modal.confirm({
      title: only
        ? t('files.trash.purgeConfirmOne', { name: only.name })
        : t('files.trash.purgeConfirm', { count: nodes.length }),
      content: t('files.trash.purgeContent'),
      okText: t('files.actions.purge'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await purge.mutateAsync(nodes.map((node) => node.id));
          notify.success(t('files.trash.purged'));
          clear();
        } catch {
          // Reported by the API client.
        }
      },
    });
  };

  const onEmpty = () => {
    void modal.confirm({
      title: t('files.trash.emptyConfirm'),
      content: t('files.trash.emptyContent'),
      okText: t('files.trash.empty'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await empty.mutateAsync(spaceId);
          notify.success(t('files.trash.emptied'));
          clear();
        } catch {
          // Reported by the API client.
        }
      },
    });
  };

  const chosen = items.filter((item) => selected.includes(item.id));
  const columns: TableColumnsType<TrashItem> = [
    {
      key: 'name',
      title: t('files.columns.name'),
      ellipsis: true,
      render: (_value, item) => (
        <span className="mb-file-name">
          <FileIcon kind={item.kind} />
          <span className="mb-file-name-text">{item.name}</span>
        </span>
      ),
    },
    {
      key: 'origin',
      title: t('files.columns.origin'),
      ellipsis: true,
      responsive: ['lg'],
      render: (_value, item) => (
        <span className="mb-muted">{item.origin ? `${rootLabel} / ${item.origin}` : rootLabel}</span>
      ),
    },
    {
      key: 'trashed',
      title: t('files.columns.trashedAt'),
      width: 160,
      render: (_value, item) => formatDateTime(item.trashed_at, locale, 'numeric'),
    },
    {
      key: 'expires',
      title: t('files.columns.expiresAt'),
      width: 120,
      render: (_value, item) => {
        const days = daysUntil(item.expires_at);
        return (
          <span className="mb-muted">
            {days === 0 ? t('files.trash.today') : t('files.trash.daysLeft', { count: days })}
          </span>
        );
      },
    },
    {
      key: 'actions',
      title: <span className="mb-visually-hidden">{t('files.columns.actions')}</span>,
      width: 96,
      align: 'right',
      render: (_value, item) =>
        item.editable && (
          <span className="mb-row-actions">
            <Tooltip title={t('files.row.restore', { name: item.name })}>
              <Button
                type="text"
                size="small"
                icon={<UndoOutlined aria-hidden />}
                aria-label={t('files.row.restore', { name: item.name })}
                onClick={() => void onRestore([item.id])}
              />
            </Tooltip>
            <Tooltip title={t('files.row.purge', { name: item.name })}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('files.row.purge', { name: item.name })}
                onClick={() => onPurge([item])}
              />
            </Tooltip>
          </span>
        ),
    },
  ];

  return (
    <div className="mb-trash">
      <div className="mb-file-toolbar" role="toolbar" aria-label={t('files.toolbar.label')}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          {t('files.toolbar.backToFiles')}
        </Button>
        <span className="mb-toolbar-sep" aria-hidden />
        <Button
          icon={<UndoOutlined aria-hidden />}
          disabled={chosen.length === 0}
          loading={restore.isPending}
          onClick={() => void onRestore(chosen.map((item) => item.id))}
        >
          {chosen.length ? t('files.trash.restoreCount', { count: chosen.length }) : t('files.actions.restore')}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={chosen.length === 0}
          onClick={() => onPurge(chosen)}
        >
          {chosen.length ? t('files.trash.purgeCount', { count: chosen.length }) : t('files.actions.purge')}
        </Button>
        <span className="mb-toolbar-spacer" />
        <Button
          danger
          type="primary"
          ghost
          icon={<ClearOutlined aria-hidden />}
          disabled={items.length === 0}
          onClick={onEmpty}
        >
          {t('files.trash.empty')}
        </Button>
      </div>
      <p className="mb-muted mb-trash-hint">{t('files.trash.hint', { days: TRASH_RETENTION_DAYS })}</p>
      {trash.isError ? (
        <LoadError onRetry={() => void trash.refetch()} />
      ) : (
        <Table<TrashItem>
          className="mb-file-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={items}
          loading={trash.isPending || trash.isPlaceholderData}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelection({ page: params.page, ids: keys.map(Number) }),
            getCheckboxProps: (item) => ({
              disabled: !item.editable,
              'aria-label': t('files.row.select', { name: item.name }),
            }),
          }}
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total: trash.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: (count) => t('files.pagination.total', { count }),
            onChange: (page, pageSize) => setParams({ page: pageSize === params.pageSize ? page : 1, pageSize }),
          }}
          locale={{
            emptyText: trash.isPending ? (
              <div style={{ height: 160 }} />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <div>{t('files.empty.trash')}</div>
                    <div className="mb-muted">{t('files.empty.trashHint', { days: TRASH_RETENTION_DAYS })}</div>
                  </>
                }
              />
            ),
          }}
          scroll={{ x: 560 }}
        />
      )}
    </div>
  );
}
