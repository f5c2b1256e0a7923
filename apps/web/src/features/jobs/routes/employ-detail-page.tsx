import { Alert, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { signInPath } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useJobDetail } from '../api/jobs.ts';
import { jobFactItems } from '../components/job-facts.tsx';
import { ApplicationStatusTag, JobStatusTag } from '../components/status-tags.tsx';
import '../i18n/strings.ts';
import '../components/jobs.css';

// Only applicants need the dialog (and the upload and validation code).
const ApplyModal = lazy(() => import('../components/apply-modal.tsx').then((m) => ({ default: m.ApplyModal })));

/**
 * /employ/detail/:id (public): a published job, its organisation and how to apply — the dialog for
 * signed-in applicants (`can.apply`), their application's state once sent, a sign-in link that
 * comes back here for visitors.
 */
function EmployDetailPageBody() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : 0;
  const query = useJobDetail(id);
  const signedIn = useSession((s) => s.hasToken);
  const [applying, setApplying] = useState(false);
  const title = query.data?.job.title;

  // The job's own title names the tab (the route's handle only knows 'Job details').
  useEffect(() => {
    if (title) document.title = `${title} - ${t('brand.name')}`;
  }, [title, t]);

  let body;
  if (id && query.isPending) body = <Skeleton active />;
  else if (!query.data)
    body = (
      <Result
        status="404"
        title={t('jobs.detail.notFound')}
        extra={
          <Space>
            {query.isError && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <Link to="/employ">
              <Button>{t('jobs.employ.title')}</Button>
            </Link>
          </Space>
        }
      />
    );
  else {
    const { job, can, my_application: mine } = query.data;
    let applyBar;
    if (mine)
      applyBar = (
        <div className="mb-job-apply-bar" data-testid="my-application">
          <span>{t('jobs.apply.applied')}</span>
          <ApplicationStatusTag status={mine.status} />
          <Link to="/manage/myJob">{t('jobs.apply.myApplications')}</Link>
        </div>
      );
    else if (can.apply)
      applyBar = (
        <Button type="primary" onClick={() => setApplying(true)} data-testid="job-apply">
          {t('jobs.apply.button')}
        </Button>
      );
    else if (!signedIn && job.status === 'published')
      applyBar = (
        <Link to={signInPath(`/employ/detail/${job.id}`)}>
          <Button type="primary">{t('jobs.apply.signIn')}</Button>
        </Link>
      );
    else if (job.status === 'published' && !can.edit)
      applyBar = <span className="mb-muted">{t('jobs.apply.notApplicant')}</span>;

    body = (
      <>
        <header className="mb-page-header">
          <h1>
            {job.title} {job.status !== 'published' && <JobStatusTag status={job.status} />}
          </h1>
          <span className="mb-muted">{job.org.name}</span>
        </header>
        {job.status === 'closed' && (
          <Alert type="info" showIcon title={t('jobs.detail.closedNotice')} style={{ marginBottom: 16 }} />
        )}
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          {applyBar && <div style={{ marginBottom: 16 }}>{applyBar}</div>}
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'org', label: t('jobs.common.org'), children: job.org.name },
              ...jobFactItems(job, t, locale),
              ...(job.published_at
                ? [
                    {
                      key: 'published',
                      label: t('jobs.common.published'),
                      children: formatDateTime(job.published_at, locale),
                    },
                  ]
                : []),
            ]}
          />
          <h2 className="mb-job-section-title">{t('jobs.detail.description')}</h2>
          <MarkdownView source={job.description} />
        </Card>
        {can.apply && applying && (
          <Suspense fallback={null}>
            <ApplyModal job={job} open onClose={() => setApplying(false)} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">{body}</div>
    </div>
  );
}

/** A public page: it mounts the query client itself (the portal layout has none). */
export default function EmployDetailPage() {
  return (
    <QueryProvider>
      <EmployDetailPageBody />
    </QueryProvider>
  );
}
