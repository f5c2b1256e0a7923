import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notebookEndpoints as calls } from '@mathbridge/contracts/endpoints/notebooks';
import type { DeliverableTarget, NotebookDeliverable } from '@mathbridge/contracts/notebooks';
import { useLocale } from '../i18n/locale.ts';
import { api } from '../lib/api-client.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { notify } from '../lib/notify.ts';
import { FileTextOutlined } from './inline-icon.tsx';
import './notebook-deliverables.css';

/*
 * Notebooks delivered to a solution or a phase outcome (issue 12, DESIGN §9/§12), shared by the
 * demands and research features: the list (notebook/deliverables) with links to the frozen copies
 * (/notebooks/deliverable/{id}), and for the side that delivers, attach (notebook/attach, a picker
 * of the user's own notebooks from notebook/my) and detach (notebook/detach). The server decides
 * who may do what; `canAttach` only chooses which buttons to show.
 */

const keys = {
  list: (target: DeliverableTarget, targetId: number) => ['notebook-deliverables', target, targetId] as const,
  mine: (keyword: string) => ['notebook-deliverables', 'my', keyword] as const,
};

function useDeliverables(target: DeliverableTarget, targetId: number) {
  return useQuery({
    queryKey: keys.list(target, targetId),
    queryFn: ({ signal }) => api.call(calls.deliverables, { target, target_id: targetId }, { signal }),
  });
}

function useMyNotebooks(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.mine(keyword),
    queryFn: ({ signal }) => api.call(calls.my, { page: 1, page_size: 50, keyword: keyword || undefined }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useDeliverableChange(target: DeliverableTarget, targetId: number) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: keys.list(target, targetId) });
  return {
    attach: useMutation({
      mutationFn: (notebookId: number) =>
        api.call(calls.attach, { notebook_id: notebookId, target, target_id: targetId }),
      onSettled: invalidate,
    }),
    detach: useMutation({
      mutationFn: (id: number) => api.call(calls.detach, { id }),
      onSettled: invalidate,
    }),
  };
}

export function NotebookDeliverables({
  target,
  targetId,
  canAttach,
}: {
  target: DeliverableTarget;
  targetId: number;
  /** The delivering side (the solution's institute, the project's owner and members). */
  canAttach: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useDeliverables(target, targetId);
  const { attach, detach } = useDeliverableChange(target, targetId);
  const [picking, setPicking] = useState(false);

  const confirmDetach = (item: NotebookDeliverable) =>
    notify.confirm({
      title: t('notebookDeliverables.detachTitle'),
      content: t('notebookDeliverables.detachContent', { title: item.title }),
      okText: t('notebookDeliverables.detach'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await detach.mutateAsync(item.id);
        notify.success(t('notebookDeliverables.detached'));
      },
    });

  let body;
  if (list.isPending) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (list.isError) body = <InlineLoadError onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <p className="mb-muted">{t('notebookDeliverables.empty')}</p>;
  else
    body = (
      <ul className="mb-deliverables">
        {list.data.map((item) => (
          <li key={item.id} className="mb-deliverable" data-testid="notebook-deliverable">
            <FileTextOutlined aria-hidden className="mb-deliverable-icon" />
            <span className="mb-deliverable-main">
              <Link to={`/notebooks/deliverable/${item.id}`}>{item.title}</Link>
              <span className="mb-muted mb-deliverable-meta">
                {t('notebookDeliverables.by', {
                  name: item.owner.name,
                  date: formatDateTime(item.created_at, locale),
                })}
              </span>
            </span>
            {canAttach && (
              <Button
                type="link"
                danger
                size="small"
                onClick={() => confirmDetach(item)}
                aria-label={t('notebookDeliverables.detachNamed', { title: item.title })}
              >
                {t('notebookDeliverables.detach')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="mb-deliverables-block" data-testid={`notebook-deliverables-${target}`}>
      <div className="mb-deliverables-head">
        <h3 className="mb-section-title">{t('notebookDeliverables.title')}</h3>
        {canAttach && (
          <Button size="small" onClick={() => setPicking(true)}>
            {t('notebookDeliverables.attach')}
          </Button>
        )}
      </div>
      <p className="mb-muted mb-deliverables-intro">{t('notebookDeliverables.intro')}</p>
      {body}
      {canAttach && (
        <NotebookPicker
          open={picking}
          busy={attach.isPending}
          onClose={() => setPicking(false)}
          onPick={(notebookId) =>
            void attach.mutateAsync(notebookId).then(() => {
              notify.success(t('notebookDeliverables.attached'));
              setPicking(false);
            })
          }
        />
      )}
    </section>
  );
}

/** A failed list inside a card: one line and a retry (the full-size LoadError would dwarf the card). */
function InlineLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="mb-muted" role="alert">
      {t('common.loadFailed')}
      <Button type="link" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </p>
  );
}

/** The user's own notebooks (notebook/my), searchable; one is picked to attach. */
function NotebookPicker({
  open,
  busy,
  onClose,
  onPick,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onPick: (notebookId: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [keyword, setKeyword] = useState('');
  const mine = useMyNotebooks(keyword, open);
  const items = mine.data?.items ?? [];
  return (
    <Modal open={open} title={t('notebookDeliverables.pickerTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      <p className="mb-muted">{t('notebookDeliverables.pickerHelp')}</p>
      <Input.Search
        allowClear
        placeholder={t('notebookDeliverables.search')}
        aria-label={t('notebookDeliverables.search')}
        onSearch={(value) => setKeyword(value.trim())}
        maxLength={50}
        style={{ marginBottom: 12 }}
      />
      {mine.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : mine.isError ? (
        <InlineLoadError onRetry={() => void mine.refetch()} />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={keyword ? t('notebookDeliverables.noMatch') : t('notebookDeliverables.none')}
        >
          {!keyword && <Link to="/account/notebooks">{t('notebookDeliverables.create')}</Link>}
        </Empty>
      ) : (
        <ul className="mb-deliverables mb-deliverables-picker" aria-busy={mine.isFetching}>
          {items.map((notebook) => (
            <li key={notebook.id} className="mb-deliverable" data-testid="notebook-pick">
              <span className="mb-deliverable-main">
                <strong>{notebook.title}</strong>
                <span className="mb-muted mb-deliverable-meta">
                  <Tag color={notebook.state === 'published' ? 'green' : 'default'}>
                    {t(`notebookDeliverables.states.${notebook.state}`)}
                  </Tag>
                  {t('notebookDeliverables.cells', { count: notebook.cells })} ·{' '}
                  {formatDate(notebook.updated_at, locale)}
                </span>
              </span>
              <Button size="small" type="primary" loading={busy} onClick={() => onPick(notebook.id)}>
                {t('notebookDeliverables.pick')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
