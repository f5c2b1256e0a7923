import dayjs, { type Dayjs } from 'dayjs';
import type { ProjectDetail, ProjectSave, PublishRange } from '@mathbridge/contracts/research';

/** What the project form holds: the deadline as a date, the flag as a switch. */
export interface ProjectFormValues {
  title?: string;
  summary?: string;
  description?: string;
  msc_fields?: string[];
  publish_range?: PublishRange;
  designees?: number[];
  headcount?: number | null;
  apply_deadline?: Dayjs | null;
  confidential?: boolean;
  parent_id?: number | null;
}

export const EMPTY_PROJECT: ProjectFormValues = {
  publish_range: 'public',
  designees: [],
  headcount: 5,
  confidential: false,
  msc_fields: [],
};

/** The form's values as `…/save` and `…/edit` take them (checked by ProjectSaveSchema on both sides). */
export function toPayload(values: ProjectFormValues, id: number | undefined, commit: boolean): ProjectSave {
  const range = values.publish_range ?? 'public';
  return {
    id,
    commit: commit ? 1 : 0,
    title: values.title ?? '',
    summary: values.summary ?? '',
    description: values.description ?? '',
    msc_fields: values.msc_fields ?? [],
    publish_range: range,
    designees: range === 'group' ? (values.designees ?? []) : [],
    headcount: values.headcount as number,
    apply_deadline: values.apply_deadline ? values.apply_deadline.format('YYYY-MM-DD') : undefined,
    confidential: values.confidential ? 1 : 0,
    parent_id: values.parent_id ?? undefined,
  };
}

export function toValues(project: ProjectDetail): ProjectFormValues {
  return {
    title: project.title,
    summary: project.summary,
    description: project.description ?? '',
    msc_fields: project.msc_fields,
    publish_range: project.publish_range,
    designees: project.designees,
    headcount: project.headcount,
    apply_deadline: project.apply_deadline ? dayjs(project.apply_deadline) : null,
    confidential: project.confidential === 1,
    parent_id: project.parent_id,
  };
}
