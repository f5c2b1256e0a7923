import { Button, Card, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  type EmploymentType,
  type ExperienceLevel,
  type JobSummary,
} from '@mathbridge/contracts/jobs';
import { AreaCascader } from '../../../components/area-cascader.tsx';
import { InfiniteQueryList } from '../../../components/infinite-query-list.tsx';
import { QueryProvider } from '../../../components/query-provider.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDate } from '../../../lib/format.ts';
import { areaName } from '../../../lib/reference-names.ts';
import { useTypedSearchParams } from '../../../lib/use-typed-search-params.ts';
import { usePublishedJobs, type PublishedJobsFilters } from '../api/jobs.ts';
import { salaryText } from '../components/job-facts.tsx';
import '../i18n/strings.ts';
import '../components/jobs.css';

function codeParam<T extends number>(value: string | null, codes: readonly T[]): T | undefined {
  const n = value === null || value === '' ? NaN : Number(value);
  return (codes as readonly number[]).includes(n) ? (n as T) : undefined;
}

function readFilters(params: URLSearchParams): PublishedJobsFilters {
  const province = params.get('province');
  const city = params.get('city');
  return {
    employment_type: codeParam<EmploymentType>(params.get('type'), EMPLOYMENT_TYPES),
    experience: codeParam<ExperienceLevel>(params.get('experience'), EXPERIENCE_LEVELS),
    province_code: province && /^\d{2}$/.test(province) ? province : undefined,
    city_code: province && city && /^\d{4}$/.test(city) ? city : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
  };
}

function JobCard({ job }: { job: JobSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card size="small" className="mb-job-card" data-testid="job-card">
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
    </Card>
  );
}

/** /employ (public): open jobs, newest first, filtered by type, experience, location and keyword, loaded as it scrolls. */
function EmployPageBody() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = usePublishedJobs(filters);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  useTypedSearchParams({ keyword: keyword.trim() });

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
  const anyOption = { value: '', label: t('jobs.employ.any') };

  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">
        <header className="mb-page-header">
          <h1>{t('jobs.employ.title')}</h1>
          <span className="mb-muted">{t('jobs.employ.subtitle')}</span>
        </header>
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          <div className="mb-job-filters" role="search">
            <div className="mb-job-filter mb-job-filter-keyword">
              <label htmlFor="job-keyword">{t('jobs.employ.keyword')}</label>
              <Input.Search
                id="job-keyword"
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onSearch={setKeyword}
                allowClear
                placeholder={t('jobs.employ.keyword')}
              />
            </div>
            <div className="mb-job-filter">
              <label htmlFor="job-type">{t('jobs.employ.type')}</label>
              <Select<string>
                id="job-type"
                value={filters.employment_type === undefined ? '' : String(filters.employment_type)}
                onChange={(value) => setParam({ type: value })}
                options={[
                  anyOption,
                  ...EMPLOYMENT_TYPES.map((code) => ({ value: String(code), label: t(`employmentTypes.${code}`) })),
                ]}
              />
            </div>
            <div className="mb-job-filter">
              <label htmlFor="job-experience">{t('jobs.employ.experience')}</label>
              <Select<string>
                id="job-experience"
                value={filters.experience === undefined ? '' : String(filters.experience)}
                onChange={(value) => setParam({ experience: value })}
                options={[
                  anyOption,
                  ...EXPERIENCE_LEVELS.map((code) => ({ value: String(code), label: t(`experienceLevels.${code}`) })),
                ]}
              />
            </div>
            <div className="mb-job-filter">
              <label htmlFor="job-region">{t('jobs.employ.region')}</label>
              <AreaCascader
                id="job-region"
                value={
                  filters.province_code
                    ? filters.city_code
                      ? [filters.province_code, filters.city_code]
                      : [filters.province_code]
                    : undefined
                }
                onChange={(value) => setParam({ province: value[0], city: value[1] })}
              />
            </div>
            <Button
              onClick={() => {
                setKeyword('');
                setParams({}, { replace: true });
              }}
            >
              {t('jobs.employ.reset')}
            </Button>
          </div>
        </Card>
        <InfiniteQueryList<JobSummary>
          query={list}
          itemKey={(job) => job.id}
          renderItem={(job) => <JobCard job={job} />}
          className="mb-job-cards"
          empty={t('jobs.employ.empty')}
          loadMoreLabel={t('jobs.employ.loadMore')}
          endLabel={t('jobs.employ.end')}
        />
      </div>
    </div>
  );
}

/** A public page: it mounts the query client itself (the portal layout has none). */
export default function EmployPage() {
  return (
    <QueryProvider>
      <EmployPageBody />
    </QueryProvider>
  );
}
