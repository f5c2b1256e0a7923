import dayjs, { type Dayjs } from 'dayjs';
import type { DemandFull } from '@mathbridge/contracts/demands';
import type { DemandSaveInput } from '../api/demands.ts';
import type { AttachmentValue } from './attachments-input.tsx';

/** The demand form's controls, and their conversion from and to the API's shape (demand/save). */
export interface DemandFormValues {
  title: string;
  industry: string;
  summary: string;
  problem: string;
  expected_outcome: string;
  available_data?: string;
  budget_min: number | null;
  budget_max: number | null;
  deadline: Dayjs | null;
  area: string[];
  msc_fields: string[];
  nda_required: boolean;
  attachments: AttachmentValue[];
  contact: string;
  contact_phone: string;
}

export function toValues(full: DemandFull): DemandFormValues {
  return {
    title: full.title,
    industry: full.industry,
    summary: full.summary,
    problem: full.problem,
    expected_outcome: full.expected_outcome,
    available_data: full.available_data ?? '',
    budget_min: full.budget_min,
    budget_max: full.budget_max,
    deadline: dayjs(full.deadline),
    area: full.city_code ? [full.province_code, full.city_code] : [full.province_code],
    msc_fields: full.msc_fields,
    nda_required: full.nda_required === 1,
    attachments: full.attachments.map(({ id, name, size }) => ({ id, name, size })),
    contact: full.contact,
    contact_phone: full.contact_phone,
  };
}

export function toPayload(values: DemandFormValues, id: number | undefined, commit: 0 | 1): DemandSaveInput {
  return {
    id,
    commit,
    title: values.title,
    industry: values.industry,
    summary: values.summary,
    problem: values.problem,
    expected_outcome: values.expected_outcome,
    available_data: values.available_data || undefined,
    budget_min: values.budget_min ?? Number.NaN,
    budget_max: values.budget_max ?? Number.NaN,
    deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : '',
    province_code: values.area?.[0] ?? '',
    city_code: values.area?.[1],
    msc_fields: values.msc_fields ?? [],
    nda_required: values.nda_required ? 1 : 0,
    attachments: (values.attachments ?? []).map((a) => a.id),
    contact: values.contact,
    contact_phone: values.contact_phone,
  };
}

/** The API's field names → the form's controls. */
export const ALIASES = { province_code: 'area', city_code: 'area' };
