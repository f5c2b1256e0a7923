import type { TFunction } from 'i18next';
import type { DescriptionsProps } from 'antd';
import type { Locale } from '@mathbridge/contracts/locales';
import type { ProjectSummary } from '@mathbridge/contracts/research';
import { MscTags } from '../../../components/msc-tags.tsx';
import { formatDay } from '../../../lib/format.ts';

/** The short facts of a subject or direction, in the order the pool cards and the detail pages show them. */
export function projectFactItems(
  project: ProjectSummary,
  t: TFunction,
  locale: Locale,
): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'owner', label: t('research.fields.owner'), children: project.owner.name },
    { key: 'msc', label: t('research.fields.msc'), children: <MscTags codes={project.msc_fields} /> },
    {
      key: 'members',
      label: t('research.fields.members'),
      children: t('research.memberCount', { count: project.member_count, headcount: project.headcount }),
    },
    {
      key: 'deadline',
      label: t('research.fields.applyDeadline'),
      children: project.apply_deadline ? formatDay(project.apply_deadline, locale) : t('research.noDeadline'),
    },
    {
      key: 'range',
      label: t('research.fields.publishRange'),
      children: t(`publishRanges.${project.publish_range}`),
    },
  ];
}
