import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { signInPath } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { fetchJobDetail } from '../api/public-jobs.ts';
import { jobFactItems } from '../components/job-facts.tsx';
import { ApplicationStateBadge, JobStateBadge } from '../components/state-badges.tsx';
import '../components/jobs.css';
import { usePageMeta } from '../../../lib/page-meta.ts';

// Only applicants need the dialog (antd's form and modal, the upload, the query library, zod):
// it loads when one opens it, never with a visitor's page.
const ApplyDialog = lazy(() => import('../components/apply-dialog.tsx'));

/**
 * /employ/detail/:id (public): a published job, its organisation and how to apply — the dialog for
 * signed-in applicants (`can.apply`), their application's state once sent, a sign-in link that
 * comes back here for visitors. Plain markup and no query library (DESIGN §8 public budget).
 */
export default function EmployDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id: param } = useParams();
  const id = param && /^\d+$/.test(param) ? Number(param) : 0;
  const query = usePublicQuery(`job:${id}`, (signal) => fetchJobDetail(id, signal), id > 0);
  const signedIn = useSession((s) => s.hasToken);
  const [applying, setApplying] = useState(false);
  const detail = query.data && query.data.job.id === id ? query.data : undefined;
  const title = detail?.job.title;

  // The job's own title names the tab and the link preview (the route's handle only knows 'Job details').
  usePageMeta({
    title,
    description: detail ? `${detail.job.title} · ${detail.job.org.name}` : t('jobs.employ.subtitle'),
  });

  // A refusal from the server (unknown id, not visible) is 'not found'; a transport failure can be retried.
  const unreachable = query.isError && !(isApiError(query.error) && query.error.kind === 'status');

  let body;
  if (id && !detail && !query.isError)
    body = (
      <p className="mb-job-state mb-muted" role="status">
        {t('common.loading')}
      </p>
    );
  else if (!detail || (query.isError && unreachable))
    body = (
      <div className="mb-job-state" role="alert">
        <h1 className="mb-job-state-title">{unreachable ? t('common.loadFailed') : t('jobs.detail.notFound')}</h1>
        {unreachable && <p className="mb-muted">{t('common.loadFailedHint')}</p>}
        <div className="mb-job-state-actions">
          {unreachable && <Button onClick={query.refetch}>{t('common.retry')}</Button>}
          <ButtonLink to="/employ">{t('jobs.employ.title')}</ButtonLink>
        </div>
      </div>
    );
  else {
    const { job, can, my_application: mine } = detail;
    let applyBar;
    if (mine)
      applyBar = (
        <div className="mb-job-apply-bar" data-testid="my-application">
          <span>{t('jobs.apply.applied')}</span>
          <ApplicationStateBadge status={mine.status} />
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
        <ButtonLink type="primary" to={signInPath(`/employ/detail/${job.id}`)}>
          {t('jobs.apply.signIn')}
        </ButtonLink>
      );
    else if (job.status === 'published' && !can.edit)
      applyBar = <span className="mb-muted">{t('jobs.apply.notApplicant')}</span>;

    const facts = [
      { key: 'org', label: t('jobs.common.org'), children: job.org.name },
      ...jobFactItems(job, t, locale),
      ...(job.published_at
        ? [{ key: 'published', label: t('jobs.common.published'), children: formatDateTime(job.published_at, locale) }]
        : []),
    ];

    body = (
      <>
        <header className="mb-page-header">
          <h1>
            {job.title} {job.status !== 'published' && <JobStateBadge status={job.status} />}
          </h1>
          <span className="mb-muted">{job.org.name}</span>
        </header>
        {job.status === 'closed' && (
          <p className="mb-job-notice" role="note">
            {t('jobs.detail.closedNotice')}
          </p>
        )}
        <section className="mb-job-panel">
          {applyBar && <div className="mb-job-apply-row">{applyBar}</div>}
          <dl className="mb-job-facts">
            {facts.map((item) => (
              <div key={item.key} className="mb-job-fact">
                <dt>{item.label}</dt>
                <dd>{item.children}</dd>
              </div>
            ))}
          </dl>
          <h2 className="mb-job-section-title">{t('jobs.detail.description')}</h2>
          <MarkdownView source={job.description} />
        </section>
        {can.apply && applying && (
          <Suspense fallback={null}>
            <ApplyDialog job={job} onClose={() => setApplying(false)} onApplied={query.refetch} />
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
