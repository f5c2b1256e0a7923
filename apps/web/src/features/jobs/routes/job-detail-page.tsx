import { Alert, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useJobDetail, useMoveJob, type JobMove } from '../api/jobs.ts';
import { ApplicantsCard } from '../components/applicants-card.tsx';
import { jobFactItems } from '../components/job-facts.tsx';
import { JobStatusTag } from '../components/status-tags.tsx';
import '../components/jobs.css';

const BASE = '/manage/employment';
const MOVES: JobMove[] = ['publish', 'close', 'reopen'];

/**
 * /manage/employment/detail/:jobs_id: the organisation's job with publish / close / reopen (as
 * `can` allows, each after a confirmation) and its applicants.
 */
export default function JobDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { jobs_id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : 0;
  const query = useJobDetail(id);
  const move = useMoveJob();

  if (id && query.isPending) return <Skeleton active />;
  if (!query.data) {
    return (
      <Result
        status="404"
        title={t('jobs.detail.notFound')}
        extra={
          <Space>
            {query.isError && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <Button onClick={() => navigate(`${BASE}/list`)}>{t('jobs.detail.toList')}</Button>
          </Space>
        }
      />
    );
  }
  const { job, can } = query.data;

  const confirm = (which: JobMove) =>
    notify.confirm({
      title: t(`jobs.detail.${which}`),
      content: t(`jobs.detail.${which}Confirm`),
      okText: t(`jobs.detail.${which}`),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: which === 'close' },
      onOk: async () => {
        await move.mutateAsync({ id: job.id, move: which });
        notify.success(t(`jobs.detail.done.${which}`));
      },
    });

  const buttons = [
    can.edit && (
      <Link key="edit" to={`${BASE}/form/${job.id}`}>
        <Button>{t('jobs.detail.edit')}</Button>
      </Link>
    ),
    ...MOVES.filter((which) => can[which]).map((which) => (
      <Button
        key={which}
        type={which === 'close' ? 'default' : 'primary'}
        danger={which === 'close'}
        onClick={() => confirm(which)}
        data-testid={`job-${which}`}
      >
        {t(`jobs.detail.${which}`)}
      </Button>
    )),
    <Button key="list" onClick={() => navigate(`${BASE}/list`)}>
      {t('jobs.detail.toList')}
    </Button>,
  ].filter(Boolean);

  return (
    <>
      <header className="mb-page-header">
        <h1>
          {job.title} <JobStatusTag status={job.status} />
        </h1>
        <span className="mb-muted">{job.org.name}</span>
      </header>
      {job.status !== 'published' && (
        <Alert
          type="info"
          showIcon
          title={job.status === 'draft' ? t('jobs.detail.draftNotice') : t('jobs.detail.closedNotice')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card
        variant="borderless"
        style={{ marginBottom: 16 }}
        title={t('jobs.detail.info')}
        extra={<Space wrap>{buttons}</Space>}
        className="mb-job-detail-card"
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'status', label: t('jobs.detail.status'), children: <JobStatusTag status={job.status} /> },
            ...jobFactItems(job, t, locale),
            { key: 'contact', label: t('jobs.detail.contact'), children: `${job.contact} ${job.contact_phone}` },
            ...(job.applicant_count !== null
              ? [{ key: 'applicants', label: t('jobs.detail.applicantCount'), children: job.applicant_count }]
              : []),
            { key: 'created', label: t('jobs.detail.created'), children: formatDateTime(job.created_at, locale) },
            ...(job.published_at
              ? [
                  {
                    key: 'published',
                    label: t('jobs.common.published'),
                    children: formatDateTime(job.published_at, locale),
                  },
                ]
              : []),
            ...(job.closed_at
              ? [{ key: 'closed', label: t('jobs.detail.closedAt'), children: formatDateTime(job.closed_at, locale) }]
              : []),
          ]}
        />
        <h2 className="mb-job-section-title">{t('jobs.detail.description')}</h2>
        <MarkdownView source={job.description} />
      </Card>
      {job.status !== 'draft' && <ApplicantsCard jobId={job.id} count={job.applicant_count} />}
    </>
  );
}
