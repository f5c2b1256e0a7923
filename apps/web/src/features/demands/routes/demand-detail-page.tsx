import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime, formatDay, formatYuan } from '../../../lib/format.ts';
import { areaName, industryLabel, researchFieldLabel } from '../../../lib/reference-names.ts';
import { downloadDemand, useDemand, useDemandAction, useReviewDemand, type DemandAction } from '../api/demands.ts';
import { followDownload } from '../api/attachments.ts';
import { AttachmentList } from '../components/attachment-list.tsx';
import { ReceiveModal, RejectModal } from '../components/demand-modals.tsx';
import { MarkdownView } from '../components/markdown-view.tsx';
import { SolutionsPanel } from '../components/solutions-panel.tsx';
import { DemandStatusTag } from '../components/status-tag.tsx';
import '../i18n/strings.ts';
import '../components/demands.css';

/**
 * detail/:demand_id of demandManage (the owner; admins review here) and demandManageRI
 * (institutes: the summary, then everything once received). The buttons follow `can`, which the
 * server computes from actor, role and state, so only working actions show.
 */
export default function DemandDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = pathname.startsWith('/manage/demandManageRI') ? '/manage/demandManageRI' : '/manage/demandManage';
  const { demand_id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : undefined;
  const query = useDemand(id);
  const action = useDemandAction();
  const review = useReviewDemand();
  const [rejecting, setRejecting] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (id !== undefined && query.isPending) return <Skeleton active />;
  if (!query.data) {
    return (
      <Result
        status="404"
        title={t('demands.detail.notFound')}
        extra={
          <Space>
            {query.isError && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <Button onClick={() => navigate(`${base}/list`)}>{t('demands.submitted.toList')}</Button>
          </Space>
        }
      />
    );
  }
  const detail: DemandDetail = query.data;
  const { demand, full, can } = detail;

  const confirm = (kind: DemandAction | 'pause' | 'resume', run: DemandAction) =>
    notify.confirm({
      title: t(`demands.detail.actions.${kind === 'toggle' ? 'pause' : kind}`),
      content: t(`demands.detail.confirm.${kind === 'toggle' ? 'pause' : kind}`),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: kind === 'close' },
      onOk: async () => {
        await action.mutateAsync({ id: demand.id, action: run });
        notify.success(t(`demands.detail.done.${run}`));
      },
    });

  const approve = () =>
    notify.confirm({
      title: t('demands.detail.actions.approve'),
      content: t('demands.detail.confirm.approve'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await review.mutateAsync({ id: demand.id, approve: 1, reason: undefined });
        notify.success(t('demands.detail.done.approve'));
      },
    });

  const downloadAll = async () => {
    setDownloading(true);
    try {
      followDownload((await downloadDemand(demand.id)).url);
    } finally {
      setDownloading(false);
    }
  };

  const buttons = [
    can.edit && (
      <Link key="edit" to={`${base}/demandForm/${demand.id}`}>
        <Button>{t('demands.detail.actions.edit')}</Button>
      </Link>
    ),
    can.submit && (
      <Button key="submit" type="primary" onClick={() => confirm('submit', 'submit')}>
        {t('demands.detail.actions.submit')}
      </Button>
    ),
    can.withdraw && (
      <Button key="withdraw" onClick={() => confirm('withdraw', 'withdraw')}>
        {t('demands.detail.actions.withdraw')}
      </Button>
    ),
    can.toggle && (
      <Button key="toggle" onClick={() => confirm(demand.status === 'paused' ? 'resume' : 'pause', 'toggle')}>
        {demand.status === 'paused' ? t('demands.detail.actions.resume') : t('demands.detail.actions.pause')}
      </Button>
    ),
    can.complete && (
      <Button key="complete" type="primary" onClick={() => confirm('complete', 'complete')}>
        {t('demands.detail.actions.complete')}
      </Button>
    ),
    can.close && (
      <Button key="close" danger onClick={() => confirm('close', 'close')}>
        {t('demands.detail.actions.close')}
      </Button>
    ),
    can.review && (
      <Button key="approve" type="primary" onClick={approve}>
        {t('demands.detail.actions.approve')}
      </Button>
    ),
    can.review && (
      <Button key="reject" danger onClick={() => setRejecting(true)}>
        {t('demands.detail.actions.reject')}
      </Button>
    ),
    can.receive && (
      <Button key="receive" type="primary" onClick={() => setReceiving(true)}>
        {t('demands.detail.actions.receive')}
      </Button>
    ),
    can.solve && (
      <Link key="solve" to={`/manage/solutions?demand=${demand.id}`}>
        <Button type="primary">{t('demands.detail.actions.solve')}</Button>
      </Link>
    ),
    can.download && (
      <Button
        key="download"
        icon={<DownloadOutlined />}
        loading={downloading}
        onClick={() => void downloadAll().catch(() => undefined)}
      >
        {t('demands.detail.downloadAll')}
      </Button>
    ),
  ].filter(Boolean);

  const owner = full?.space_id != null;

  return (
    <>
      <header className="mb-page-header">
        <h1>
          {demand.title} <DemandStatusTag status={demand.status} />
        </h1>
        <span className="mb-muted">{demand.org.name}</span>
      </header>
      {demand.status === 'rejected' && full?.reject_reason && (
        <Alert
          type="error"
          showIcon
          title={t('demands.detail.rejectReason')}
          description={`${full.reject_reason} ${can.edit ? t('demands.detail.rejectedHint') : ''}`}
          style={{ marginBottom: 16 }}
        />
      )}
      {detail.cooperation && (
        <Alert
          type="success"
          showIcon
          title={t('demands.detail.cooperation')}
          description={t('demands.detail.cooperationWith', {
            name: detail.cooperation.institute.name,
            date: formatDateTime(detail.cooperation.created_at, locale),
          })}
          style={{ marginBottom: 16 }}
        />
      )}
      {detail.receipt && (
        <Alert
          type="info"
          showIcon
          title={t('demands.detail.receive.received', { date: formatDateTime(detail.receipt.received_at, locale) })}
          description={detail.receipt.nda_accepted ? t('demands.detail.receive.ndaAccepted') : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card
        variant="borderless"
        style={{ marginBottom: 16 }}
        title={t('demands.detail.title')}
        extra={buttons.length > 0 ? <div className="mb-detail-actions">{buttons}</div> : null}
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'status', label: t('demands.detail.status'), children: <DemandStatusTag status={demand.status} /> },
            { key: 'org', label: t('demands.detail.org'), children: demand.org.name },
            { key: 'industry', label: t('demands.detail.industry'), children: industryLabel(demand.industry, locale) },
            {
              key: 'budget',
              label: t('demands.detail.budget'),
              children: t('demands.detail.budgetRange', {
                min: formatYuan(demand.budget_min, locale),
                max: formatYuan(demand.budget_max, locale),
              }),
            },
            { key: 'deadline', label: t('demands.detail.deadline'), children: formatDay(demand.deadline, locale) },
            {
              key: 'region',
              label: t('demands.detail.region'),
              children: areaName(demand.province_code, demand.city_code, locale),
            },
            {
              key: 'msc',
              label: t('demands.detail.mscFields'),
              span: 'filled',
              children: (
                <Space size={[4, 4]} wrap>
                  {demand.msc_fields.map((code) => (
                    <Tag key={code}>{researchFieldLabel(code, locale)}</Tag>
                  ))}
                </Space>
              ),
            },
            {
              key: 'nda',
              label: t('demands.detail.nda'),
              children: demand.nda_required ? t('demands.detail.ndaRequired') : t('demands.detail.ndaNotRequired'),
            },
            {
              key: 'published',
              label: t('demands.detail.publishedAt'),
              children: formatDateTime(demand.published_at, locale) || '—',
            },
            {
              key: 'updated',
              label: t('demands.detail.updatedAt'),
              children: formatDateTime(demand.updated_at, locale),
            },
            ...(owner
              ? [
                  { key: 'receivers', label: t('demands.detail.receivers'), children: demand.receive_count },
                  { key: 'solutions', label: t('demands.detail.solutionCount'), children: demand.solution_count },
                ]
              : []),
            ...(full
              ? [
                  {
                    key: 'contact',
                    label: t('demands.detail.contact'),
                    children: `${full.contact} ${full.contact_phone}`,
                  },
                ]
              : []),
          ]}
        />
        <h2 className="mb-section-title">{t('demands.detail.summary')}</h2>
        <p style={{ whiteSpace: 'pre-wrap' }}>{demand.summary}</p>
        {full ? (
          <>
            <h2 className="mb-section-title">{t('demands.detail.problem')}</h2>
            <MarkdownView source={full.problem} />
            <h2 className="mb-section-title">{t('demands.detail.expectedOutcome')}</h2>
            <MarkdownView source={full.expected_outcome} />
            {full.available_data && (
              <>
                <h2 className="mb-section-title">{t('demands.detail.availableData')}</h2>
                <p style={{ whiteSpace: 'pre-wrap' }}>{full.available_data}</p>
              </>
            )}
            <h2 className="mb-section-title">{t('demands.detail.attachments')}</h2>
            <AttachmentList items={full.attachments} />
          </>
        ) : (
          <Alert type="info" showIcon title={t('demands.detail.hiddenUntilReceived')} />
        )}
      </Card>
      {owner && demand.status !== 'draft' && demand.status !== 'submitted' && demand.status !== 'rejected' && (
        <Card variant="borderless">
          <SolutionsPanel demandId={demand.id} />
        </Card>
      )}
      <RejectModal demandId={demand.id} open={rejecting} onClose={() => setRejecting(false)} />
      <ReceiveModal demand={demand} open={receiving} onClose={() => setReceiving(false)} />
    </>
  );
}
