import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Form, Grid, Input, Modal, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTEBOOK_REJECT_REASON_MAX, type NotebookSummary } from '@mathbridge/contracts/notebooks';
import { requiredString } from '@mathbridge/contracts/validation';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { categoryName } from '../../../lib/category-name.ts';
import { dialogSubmit } from '../../../lib/form-kit.ts';
import { schemaField } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { confirmLeave } from '../../../lib/use-unsaved-changes.ts';
import {
  CONTRIBUTION_TABS,
  useContributionCounts,
  useContributions,
  useReviewContribution,
  type ContributionTab,
} from '../api/notebooks.ts';
import { ContentLayout } from '../components/content-layout.tsx';

/** A rejection's reason: optional in the review schema (an acceptance has none), required here. */
const reasonField = schemaField(requiredString(NOTEBOOK_REJECT_REASON_MAX));

/**
 * /manage/content/contributions: notebooks contributed to the achievement area (notebook/
 * contributions), by state; pending ones oldest first. Each is read in a new tab (/achievement/{id}:
 * admins read every notebook), then accepted, or rejected with a reason (notebook/review).
 */
export default function ContributionsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  // The actions stay in view on wide screens; on a phone a fixed column would leave no room for the rest.
  const wide = Grid.useBreakpoint().md === true;
  const params = useListParams<ContributionTab>({ statuses: CONTRIBUTION_TABS, defaultStatus: 'pending' });
  const state = params.status ?? 'pending';
  const list = useContributions({ contribution: state, page: params.page, page_size: params.pageSize });
  const counts = useContributionCounts();
  const accept = useReviewContribution();
  const [rejecting, setRejecting] = useState<NotebookSummary | null>(null);

  const confirmAccept = (notebook: NotebookSummary) =>
    notify.confirm({
      title: t('content.contributions.acceptTitle'),
      content: t('content.contributions.acceptContent', { title: notebook.title }),
      okText: t('content.contributions.accept'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await accept.mutateAsync({ id: notebook.id, decision: 'accept', reason: undefined });
        notify.success(t('content.contributions.accepted'));
      },
    });

  const columns: TableProps<NotebookSummary>['columns'] = [
    {
      key: 'title',
      title: t('content.contributions.columns.title'),
      render: (_, item) => (
        <div style={{ width: 'clamp(200px, 26vw, 420px)' }}>
          <strong>{item.title}</strong>
          {item.description && <div className="mb-content-muted-small mb-content-message">{item.description}</div>}
        </div>
      ),
    },
    { key: 'owner', title: t('content.contributions.columns.owner'), render: (_, item) => item.owner.name },
    {
      key: 'category',
      title: t('content.contributions.columns.category'),
      render: (_, item) => (item.category ? categoryName(item.category, locale) : '—'),
    },
    {
      key: 'date',
      title:
        state === 'accepted'
          ? t('content.contributions.columns.accepted')
          : t('content.contributions.columns.published'),
      render: (_, item) =>
        formatDateTime(
          state === 'accepted' ? item.accepted_at : (item.published_at ?? item.updated_at),
          locale,
          'numeric',
        ),
    },
    ...(state === 'rejected'
      ? [
          {
            key: 'reason',
            title: t('content.contributions.columns.reason'),
            render: (_: unknown, item: NotebookSummary) => (
              <div className="mb-content-message" style={{ width: 'clamp(180px, 18vw, 280px)' }}>
                {item.reject_reason ?? '—'}
              </div>
            ),
          },
        ]
      : []),
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: wide ? ('right' as const) : undefined,
      render: (_, item) => (
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<ExportOutlined />}
            href={`/achievement/${item.id}`}
            target="_blank"
            rel="noopener"
            aria-label={t('content.contributions.readNamed', { title: item.title })}
          >
            {t('content.contributions.read')}
          </Button>
          {state === 'pending' && (
            <>
              <Button size="small" type="primary" onClick={() => confirmAccept(item)}>
                {t('content.contributions.accept')}
              </Button>
              <Button size="small" danger onClick={() => setRejecting(item)}>
                {t('content.contributions.reject')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ContentLayout section="contributions">
      <Card
        variant="borderless"
        title={
          <StatusTabs<ContributionTab>
            value={state}
            onChange={(key) => params.setStatus(key)}
            options={CONTRIBUTION_TABS.map((tab) => ({
              value: tab,
              label: t(`content.contributions.states.${tab}`),
              count: counts[tab],
            }))}
          />
        }
      >
        <QueryTable<NotebookSummary>
          query={list}
          list={params}
          columns={columns}
          showTotal={(total) => t('content.total', { count: total })}
          empty={t(`content.contributions.empty.${state}`)}
        />
      </Card>
      <RejectDialog notebook={rejecting} onClose={() => setRejecting(null)} />
    </ContentLayout>
  );
}

/** Rejecting a contribution: the reason is required and shown to its owner. */
function RejectDialog({ notebook, onClose }: { notebook: NotebookSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const review = useReviewContribution({ inForm: true });
  const [form] = Form.useForm<{ reason: string }>();
  const [dirty, setDirty] = useState(false);
  const close = () => {
    form.resetFields();
    setDirty(false);
    onClose();
  };
  const submit = dialogSubmit(form, async (values) => {
    if (!notebook) return;
    await review.mutateAsync({ id: notebook.id, decision: 'reject', reason: values.reason.trim() });
    notify.success(t('content.contributions.rejected'));
    close();
  });
  return (
    <Modal
      open={notebook !== null}
      title={t('content.contributions.rejectTitle', { title: notebook?.title ?? '' })}
      okText={t('content.contributions.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={review.isPending}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(t, dirty, close)}
      mask={{ closable: false }}
      forceRender
    >
      <Form form={form} layout="vertical" onValuesChange={() => setDirty(true)} requiredMark>
        <Form.Item
          name="reason"
          label={t('content.contributions.reason')}
          extra={t('content.contributions.reasonHelp')}
          {...reasonField}
        >
          <Input.TextArea rows={4} maxLength={NOTEBOOK_REJECT_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
