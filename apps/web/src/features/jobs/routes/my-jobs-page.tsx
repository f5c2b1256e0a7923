import { Button, Card, Space, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPLICATION_STATES, WITHDRAWABLE, type Application, type ApplicationState } from '@mathbridge/contracts/jobs';
import { QueryTable, StatusTabs } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useMyApplications, useWithdrawApplication } from '../api/jobs.ts';
import { ResumeLink } from '../components/applicants-card.tsx';
import { RejectReason } from '../components/reject-reason.tsx';
import { ApplicationStatusTag, JobStatusTag } from '../components/status-tags.tsx';
import '../components/jobs.css';

/**
 * /manage/myJob (teachers, specialists, students, individuals): my applications, their states (a
 * rejection with its reason), withdrawing; each links to its job, closed ones included.
 */
export default function MyJobsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useListParams<ApplicationState>({ statuses: APPLICATION_STATES });
  const list = useMyApplications({ status: params.status, page: params.page, page_size: params.pageSize });
  const withdraw = useWithdrawApplication();

  const confirmWithdraw = (application: Application) =>
    notify.confirm({
      title: t('jobs.mine.withdraw'),
      content: t('jobs.mine.withdrawConfirm', { title: application.job.title }),
      okText: t('jobs.mine.withdraw'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await withdraw.mutateAsync(application.id);
        notify.success(t('jobs.mine.withdrawn'));
      },
    });

  const columns: TableProps<Application>['columns'] = [
    {
      key: 'job',
      title: t('jobs.mine.columns.job'),
      // A closed job still opens for its applicants: the tag says why it takes no one any more.
      render: (_, a) => (
        <Space size={4} wrap>
          <Link to={`/employ/detail/${a.job.id}`}>{a.job.title}</Link>
          {a.job.status === 'closed' && <JobStatusTag status={a.job.status} />}
        </Space>
      ),
    },
    { key: 'org', title: t('jobs.mine.columns.org'), render: (_, a) => a.job.org.name, responsive: ['md'] },
    {
      key: 'resume',
      title: t('jobs.mine.columns.resume'),
      render: (_, a) => <ResumeLink resume={a.resume} />,
      responsive: ['lg'],
    },
    {
      key: 'status',
      title: t('jobs.mine.columns.status'),
      render: (_, a) => (
        <>
          <ApplicationStatusTag status={a.status} />
          <RejectReason application={a} />
        </>
      ),
    },
    {
      key: 'updated',
      title: t('jobs.mine.columns.updated'),
      render: (_, a) => formatDateTime(a.updated_at, locale),
      responsive: ['md'],
    },
    {
      key: 'actions',
      title: t('jobs.mine.columns.actions'),
      fixed: 'end',
      render: (_, a) =>
        WITHDRAWABLE.includes(a.status) ? (
          <Button size="small" danger onClick={() => confirmWithdraw(a)}>
            {t('jobs.mine.withdraw')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('jobs.mine.title')}</h1>
        <span className="mb-muted">{t('jobs.mine.subtitle')}</span>
      </header>
      <Card
        variant="borderless"
        title={
          <StatusTabs<ApplicationState | 'all'>
            value={params.status ?? 'all'}
            onChange={(key) => params.setStatus(key === 'all' ? undefined : key)}
            options={[
              { value: 'all', label: t('jobs.mine.all') },
              ...APPLICATION_STATES.map((state) => ({ value: state, label: t(`applicationStates.${state}`) })),
            ]}
          />
        }
      >
        <QueryTable<Application>
          query={list}
          list={params}
          columns={columns}
          empty={params.status ? t('jobs.mine.empty') : t('jobs.mine.emptyAll')}
          emptyAction={
            !params.status && (
              <Link to="/employ">
                <Button type="primary">{t('jobs.mine.browse')}</Button>
              </Link>
            )
          }
        />
      </Card>
    </>
  );
}
