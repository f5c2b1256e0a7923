import type { TFunction } from 'i18next';
import type { DescriptionsProps } from 'antd';
import type { JobSummary } from '@mathbridge/contracts/jobs';
import type { Locale } from '@mathbridge/contracts/locales';
import { formatDay, formatYuan } from '../../../lib/format.ts';
import { areaName } from '../../../lib/area-name.ts';

/** '¥8,000 – ¥12,000 / month', or 'Negotiable'. */
export function salaryText(job: JobSummary, t: TFunction, locale: Locale): string {
  if (job.negotiable === 1 || job.salary_min === null || job.salary_max === null) return t('jobs.common.negotiable');
  return t('jobs.common.salaryRange', {
    min: formatYuan(job.salary_min, locale),
    max: formatYuan(job.salary_max, locale),
  });
}

/** The short facts of a job, in the order the cards and the detail pages show them. */
export function jobFactItems(job: JobSummary, t: TFunction, locale: Locale): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'salary', label: t('jobs.common.salary'), children: salaryText(job, t, locale) },
    { key: 'type', label: t('jobs.common.type'), children: t(`employmentTypes.${job.employment_type}`) },
    { key: 'experience', label: t('jobs.common.experience'), children: t(`experienceLevels.${job.experience}`) },
    {
      key: 'degree',
      label: t('jobs.common.degree'),
      children: job.degree ? t(`jobDegrees.${job.degree}`) : t('jobs.common.anyDegree'),
    },
    { key: 'region', label: t('jobs.common.region'), children: areaName(job.province_code, job.city_code, locale) },
    {
      key: 'headcount',
      label: t('jobs.common.headcount'),
      children: t('jobs.common.headcountValue', { count: job.headcount }),
    },
    { key: 'deadline', label: t('jobs.common.deadline'), children: formatDay(job.deadline, locale) },
  ];
}
