import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_ACTIONS,
  APPLICATION_STATES,
  type Application,
  type ApplicationAction,
  type ApplicationState,
  type PlainApplicationAction,
} from '@mathbridge/contracts/jobs';
import { QueryTable } from '../../../components/query-table.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useActOnApplication, useApplicants } from '../api/jobs.ts';
import { RejectApplicationModal } from './reject-application-modal.tsx';
import { RejectReason } from './reject-reason.tsx';
import { ApplicationStatusTag } from './status-tags.tsx';

const ACTIONS = Object.keys(APPLICATION_ACTIONS) as ApplicationAction[];

/** What the employer may do next with an application in `status` (contracts APPLICATION_ACTIONS). */
const nextActions = (status: ApplicationState) =>
  ACTIONS.filter((action) => (APPLICATION_ACTIONS[action].from as readonly ApplicationState[]).includes(status));

/** The resume's name and a download through a fresh signed link. */
export function ResumeLink({ resume }: { resume: Application['resume'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <span className="mb-job-resume">
      <span className="mb-job-resume-name">{resume.name}</span>
      <span className="mb-muted mb-job-resume-size">{formatBytes(resume.size, locale)}</span>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        aria-label={`${t('jobs.applicants.download')} ${resume.name}`}
        onClick={() => void downloadFile(resume.id).catch(() => undefined)}
      >
        {t('jobs.applicants.download')}
      </Button>
    </span>
  );
}

/**
 * The applications to one job (the organisation's view): filter by state, page through, and move
 * each one on — view → interview → offer after a confirmation, reject in a dialog that asks why.
 */
export function ApplicantsCard({ jobId, count }: { jobId: number; count: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const params = useListParams<ApplicationState>({ statuses: APPLICATION_STATES });
  const list = useApplicants({ job_id: jobId, status: params.status, page: params.page, page_size: params.pageSize });
  const act = useActOnApplication();
  const [rejecting, setRejecting] = useState<Application | null>(null);

  const confirm = (application: Application, action: PlainApplicationAction) =>
    notify.confirm({
      title: t(`jobs.applicants.actions.${action}`),
      content: t(`jobs.applicants.confirm.${action}`, { name: application.applicant.name }),
      okText: t(`jobs.applicants.actions.${action}`),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await act.mutateAsync({ id: application.id, action });
        notify.success(t(`jobs.applicants.done.${action}`));
      },
    });

  const columns: TableProps<Application>['columns'] = [
    { key: 'name', title: t('jobs.applicants.columns.name'), render: (_, a) => a.applicant.name },
    {
      key: 'note',
      title: t('jobs.applicants.columns.note'),
      render: (_, a) => (a.note ? <p className="mb-job-note">{a.note}</p> : <span className="mb-muted">—</span>),
      responsive: ['xl'],
    },
    {
      key: 'status',
      title: t('jobs.applicants.columns.status'),
      render: (_, a) => (
        <>
          <ApplicationStatusTag status={a.status} />
          <RejectReason application={a} />
        </>
      ),
    },
    { key: 'resume', title: t('jobs.applicants.columns.resume'), render: (_, a) => <ResumeLink resume={a.resume} /> },
    {
      key: 'applied',
      title: t('jobs.applicants.columns.applied'),
      render: (_, a) => formatDateTime(a.created_at, locale),
      responsive: ['lg'],
    },
    {
      key: 'actions',
      title: t('jobs.applicants.columns.actions'),
      // Always in sight: on a phone the other columns scroll under it.
      fixed: 'end',
      render: (_, a) => (
        <Space size="small" wrap>
          {nextActions(a.status).map((action) => (
            <Button
              key={action}
              size="small"
              type={action === 'reject' ? 'default' : 'primary'}
              danger={action === 'reject'}
              onClick={() => (action === 'reject' ? setRejecting(a) : confirm(a, action))}
            >
              {t(`jobs.applicants.actions.${action}`)}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={count === null ? t('jobs.applicants.title') : `${t('jobs.applicants.title')} (${count})`}
      extra={
        <Select<ApplicationState | 'all'>
          aria-label={t('jobs.applicants.columns.status')}
          value={params.status ?? 'all'}
          onChange={(value) => params.setStatus(value === 'all' ? undefined : value)}
          style={{ minWidth: 120 }}
          options={[
            { value: 'all', label: t('jobs.applicants.all') },
            ...APPLICATION_STATES.map((state) => ({ value: state, label: t(`applicationStates.${state}`) })),
          ]}
          data-testid="applicants-status"
        />
      }
      data-testid="applicants"
    >
      <QueryTable<Application> query={list} list={params} columns={columns} empty={t('jobs.applicants.empty')} />
      <RejectApplicationModal application={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
