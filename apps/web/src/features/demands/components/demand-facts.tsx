import { Descriptions, Space, Tag, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime, formatDay, formatYuan } from '../../../lib/format.ts';
import { areaName, industryLabel, researchFieldLabel } from '../../../lib/reference-names.ts';
import { DemandStatusTag } from './status-tag.tsx';

/** The facts an answer is written against (the solution form's summary of its demand). */
const KEY_FACTS: ReadonlySet<string> = new Set(['org', 'budget', 'deadline', 'nda', 'contact']);

/**
 * A demand's facts at a glance; the owner also sees its counts, whoever may read it all the contact.
 * `compact` keeps the key facts only: enterprise, budget, deadline, confidentiality and contact.
 */
export function DemandFacts({ detail, compact = false }: { detail: DemandDetail; compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { demand, full } = detail;
  const owner = full?.space_id != null;
  const items: NonNullable<DescriptionsProps['items']> = [
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
  ];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={compact ? items.filter((item) => KEY_FACTS.has(String(item.key))) : items}
    />
  );
}
