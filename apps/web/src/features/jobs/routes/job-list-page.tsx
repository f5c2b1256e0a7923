import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JOB_STATES, type JobPage, type JobState } from '@mathbridge/contracts/jobs';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useJobs } from '../api/jobs.ts';
import { JobStatusTag } from '../components/status-tags.tsx';
import '../components/jobs.css';

const BASE = '/manage/employment';
type Row = JobPage['items'][number];

/** /manage/employment/list: the organisation's jobs by status, with counts, paginated (admins: everyone's). */
export default function JobListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const admin = useSession((s) => s.roles.includes('Admin'));
  const params = useListParams<JobState>({ statuses: JOB_STATES });
  const { status } = params;
  const list = useJobs({ status, page: params.page, page_size: params.pageSize });
  const counts = list.data?.counts;

  const columns: TableProps<Row>['columns'] = [
    {
      key: 'title',
      title: t('jobs.list.columns.title'),
      render: (_, job) => <Link to={`${BASE}/detail/${job.id}`}>{job.title}</Link>,
    },
    {
      key: 'type',
      title: t('jobs.list.columns.type'),
      render: (_, job) => t(`employmentTypes.${job.employment_type}`),
      responsive: ['md'],
    },
    { key: 'status', title: t('jobs.list.columns.status'), render: (_, job) => <JobStatusTag status={job.status} /> },
    {
      key: 'applicants',
      title: t('jobs.list.columns.applicants'),
      align: 'end',
      render: (_, job) => job.applicant_count,
    },
    {
      key: 'deadline',
      title: t('jobs.list.columns.deadline'),
      render: (_, job) => formatDay(job.deadline, locale),
      responsive: ['lg'],
    },
    {
      key: 'updated',
      title: t('jobs.list.columns.updated'),
      render: (_, job) => formatDateTime(job.updated_at, locale),
      responsive: ['xl'],
    },
    {
      key: 'actions',
      title: t('jobs.list.columns.actions'),
      render: (_, job) => (
        <Space size="small" wrap>
          <Link to={`${BASE}/detail/${job.id}`}>{t('jobs.list.view')}</Link>
          {!admin && <Link to={`${BASE}/form/${job.id}`}>{t('jobs.list.edit')}</Link>}
        </Space>
      ),
    },
  ];

  const createButton = (
    <Link to={`${BASE}/form/new`}>
      <Button type="primary" icon={<PlusOutlined />}>
        {t('jobs.list.create')}
      </Button>
    </Link>
  );

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('jobs.list.title')}</h1>
        <span className="mb-muted">{t('jobs.list.subtitle')}</span>
      </header>
      <Card
        variant="borderless"
        extra={admin ? undefined : createButton}
        title={
          <StatusTabs<JobState | 'all'>
            value={status ?? 'all'}
            onChange={(key) => params.setStatus(key === 'all' ? undefined : key)}
            options={[
              {
                value: 'all',
                label: t('jobs.list.all'),
                count: counts ? counts.draft + counts.published + counts.closed : undefined,
              },
              ...JOB_STATES.map((state) => ({ value: state, label: t(`jobStates.${state}`), count: counts?.[state] })),
            ]}
          />
        }
      >
        <QueryTable<Row>
          query={list}
          list={params}
          columns={columns}
          scroll={{ x: 640 }}
          empty={status ? t('jobs.list.empty') : t('jobs.list.emptyAll')}
          emptyAction={!admin && !status && createButton}
        />
      </Card>
    </>
  );
}
