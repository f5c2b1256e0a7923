import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { EmploymentType, ExperienceLevel, JobSummary } from '@mathbridge/contracts/jobs';
import { PROVINCES } from '@mathbridge/contracts/regions';
// The code lists from roles, not jobs: the jobs contract brings zod with it (DESIGN §8).
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS } from '@mathbridge/contracts/roles';
import { useInfiniteScroll } from '../../../components/use-infinite-scroll.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { areaName } from '../../../lib/area-name.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTypedSearchParams } from '../../../lib/use-typed-search-params.ts';
import { usePublishedJobs, type PublishedJobsFilters, type PublishedJobsList } from '../api/public-jobs.ts';
import { salaryText } from '../components/job-facts.tsx';
import '../components/jobs.css';
import { usePageMeta } from '../../../lib/page-meta.ts';

function codeParam<T extends number>(value: string | null, codes: readonly T[]): T | undefined {
  const n = value === null || value === '' ? NaN : Number(value);
  return (codes as readonly number[]).includes(n) ? (n as T) : undefined;
}

function readFilters(params: URLSearchParams): PublishedJobsFilters {
  // Region codes are 4 digits (GB/T 2260 cut to province + prefecture); unknown ones are ignored.
  const province = PROVINCES.find((p) => p.code === params.get('province'));
  const city = province?.cities.find((c) => c.code === params.get('city'));
  return {
    employment_type: codeParam<EmploymentType>(params.get('type'), EMPLOYMENT_TYPES),
    experience: codeParam<ExperienceLevel>(params.get('experience'), EXPERIENCE_LEVELS),
    province_code: province?.code,
    city_code: city?.code,
    keyword: params.get('keyword')?.trim() || undefined,
  };
}

function JobCard({ job }: { job: JobSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="mb-job-card mb-job-card-light" data-testid="job-card">
      <div className="mb-job-card-head">
        <Link className="mb-job-card-title" to={`/employ/detail/${job.id}`}>
          {job.title}
        </Link>
        <span className="mb-job-salary">{salaryText(job, t, locale)}</span>
      </div>
      <div className="mb-job-card-meta mb-muted">
        <span>{job.org.name}</span>
        <span>{areaName(job.province_code, job.city_code, locale)}</span>
        <span>{t(`employmentTypes.${job.employment_type}`)}</span>
        <span>{t(`experienceLevels.${job.experience}`)}</span>
        <span>{job.degree ? t(`jobDegrees.${job.degree}`) : t('jobs.common.anyDegree')}</span>
        {job.published_at && <span>{t('jobs.employ.postedOn', { date: formatDate(job.published_at, locale) })}</span>}
      </div>
    </li>
  );
}

/** Below the list: loading, a retry after a failed page, a button for keyboard users, or the end. */
function ListFooter({ list }: { list: PublishedJobsList }) {
  const { t } = useTranslation();
  let content;
  if (list.isFetchNextPageError)
    content = (
      <>
        <span className="mb-muted">{t('common.loadFailed')}</span>
        <Button size="small" onClick={() => void list.fetchNextPage()}>
          {t('common.retry')}
        </Button>
      </>
    );
  else if (list.hasNextPage && list.isFetching) content = <span className="mb-muted">{t('common.loading')}</span>;
  else if (list.hasNextPage)
    content = <Button onClick={() => void list.fetchNextPage()}>{t('jobs.employ.loadMore')}</Button>;
  else content = <span className="mb-muted">{t('jobs.employ.end')}</span>;
  return (
    <div className="mb-job-list-footer" aria-live="polite">
      {content}
    </div>
  );
}

function JobList({ list }: { list: PublishedJobsList }) {
  const { t } = useTranslation();
  useInfiniteScroll(list);
  if (list.isError)
    return (
      <div className="mb-job-state" role="alert">
        <p>{t('common.loadFailed')}</p>
        <Button onClick={list.retry}>{t('common.retry')}</Button>
      </div>
    );
  if (list.jobs === undefined)
    return (
      <p className="mb-job-state mb-muted" role="status">
        {t('common.loading')}
      </p>
    );
  if (list.jobs.length === 0 && !list.isStale)
    return (
      <p className="mb-job-state mb-muted" role="status">
        {t('jobs.employ.empty')}
      </p>
    );
  return (
    <>
      <ul className="mb-job-cards" aria-busy={list.isStale || undefined} style={{ opacity: list.isStale ? 0.6 : 1 }}>
        {list.jobs.map((job) => (
          <JobCard key={job.id} job={job} />
        ))}
      </ul>
      {!list.isStale && <ListFooter list={list} />}
    </>
  );
}

/**
 * /employ (public): open jobs, newest first, filtered by type, experience, location and keyword
 * (kept in the address), loaded as it scrolls. Plain controls and no query library: a public
 * page's first load stays within DESIGN §8's budget.
 */
export default function EmployPage() {
  const { t } = useTranslation();
  usePageMeta({ description: t('jobs.employ.subtitle') });
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = usePublishedJobs(filters);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  useTypedSearchParams({ keyword: keyword.trim() });
  const province = PROVINCES.find((p) => p.code === filters.province_code);

  const setParam = (next: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) merged.set(key, value);
          else merged.delete(key);
        }
        return merged;
      },
      { replace: true },
    );

  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">
        <header className="mb-page-header">
          <h1>{t('jobs.employ.title')}</h1>
          <span className="mb-muted">{t('jobs.employ.subtitle')}</span>
        </header>
        <form className="mb-job-filters mb-job-panel" role="search" onSubmit={(event) => event.preventDefault()}>
          <div className="mb-job-filter mb-job-filter-keyword">
            <label htmlFor="job-keyword">{t('jobs.employ.keyword')}</label>
            <input
              id="job-keyword"
              type="search"
              className="mb-job-input"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              placeholder={t('jobs.employ.keyword')}
              enterKeyHint="search"
            />
          </div>
          <div className="mb-job-filter">
            <label htmlFor="job-type">{t('jobs.employ.type')}</label>
            <select
              id="job-type"
              className="mb-job-input"
              value={filters.employment_type === undefined ? '' : String(filters.employment_type)}
              onChange={(e) => setParam({ type: e.target.value })}
            >
              <option value="">{t('jobs.employ.any')}</option>
              {EMPLOYMENT_TYPES.map((code) => (
                <option key={code} value={String(code)}>
                  {t(`employmentTypes.${code}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="mb-job-filter">
            <label htmlFor="job-experience">{t('jobs.employ.experience')}</label>
            <select
              id="job-experience"
              className="mb-job-input"
              value={filters.experience === undefined ? '' : String(filters.experience)}
              onChange={(e) => setParam({ experience: e.target.value })}
            >
              <option value="">{t('jobs.employ.any')}</option>
              {EXPERIENCE_LEVELS.map((code) => (
                <option key={code} value={String(code)}>
                  {t(`experienceLevels.${code}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="mb-job-filter">
            <label htmlFor="job-region">{t('jobs.employ.region')}</label>
            <select
              id="job-region"
              className="mb-job-input"
              value={province?.code ?? ''}
              onChange={(e) => setParam({ province: e.target.value, city: undefined })}
            >
              <option value="">{t('jobs.employ.any')}</option>
              {PROVINCES.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name[locale]}
                </option>
              ))}
            </select>
          </div>
          <div className="mb-job-filter">
            <label htmlFor="job-city">{t('jobs.employ.city')}</label>
            <select
              id="job-city"
              className="mb-job-input"
              value={filters.city_code ?? ''}
              disabled={!province || province.cities.length === 0}
              onChange={(e) => setParam({ city: e.target.value })}
            >
              <option value="">{t('jobs.employ.allCities')}</option>
              {province?.cities.map((city) => (
                <option key={city.code} value={city.code}>
                  {city.name[locale]}
                </option>
              ))}
            </select>
          </div>
          <Button
            htmlType="button"
            onClick={() => {
              setKeyword('');
              setParams({}, { replace: true });
            }}
          >
            {t('jobs.employ.reset')}
          </Button>
        </form>
        <JobList list={list} />
      </div>
    </div>
  );
}
