import dayjs, { type Dayjs } from 'dayjs';
import type { Degree, EmploymentType, ExperienceLevel, Job, JobSave } from '@mathbridge/contracts/jobs';

/** What the job form holds: the area as the cascader's codes, the deadline as a date, the flag as a switch. */
export interface JobFormValues {
  title?: string;
  employment_type?: EmploymentType;
  experience?: ExperienceLevel;
  negotiable?: boolean;
  salary_min?: number | null;
  salary_max?: number | null;
  degree?: Degree | null;
  area?: string[];
  headcount?: number | null;
  description?: string;
  deadline?: Dayjs | null;
  contact?: string;
  contact_phone?: string;
}

/** The API's field names that the form shows under another control. */
export const ALIASES: Record<string, string> = { province_code: 'area', city_code: 'area' };

/** The form's values as `job/save` takes them (checked by JobSaveSchema on both sides). */
export function toPayload(values: JobFormValues, id: number | undefined): JobSave {
  const negotiable = values.negotiable ? 1 : 0;
  return {
    id,
    title: values.title ?? '',
    employment_type: values.employment_type as EmploymentType,
    experience: values.experience as ExperienceLevel,
    negotiable,
    salary_min: negotiable ? undefined : (values.salary_min ?? undefined),
    salary_max: negotiable ? undefined : (values.salary_max ?? undefined),
    degree: values.degree ?? undefined,
    province_code: values.area?.[0] ?? '',
    city_code: values.area?.[1],
    headcount: values.headcount as number,
    description: values.description ?? '',
    deadline: values.deadline ? values.deadline.format('YYYY-MM-DD') : '',
    contact: values.contact ?? '',
    contact_phone: values.contact_phone ?? '',
  } as JobSave;
}

export function toValues(job: Job): JobFormValues {
  return {
    title: job.title,
    employment_type: job.employment_type,
    experience: job.experience,
    negotiable: job.negotiable === 1,
    salary_min: job.salary_min,
    salary_max: job.salary_max,
    degree: job.degree,
    area: job.city_code ? [job.province_code, job.city_code] : [job.province_code],
    headcount: job.headcount,
    description: job.description,
    deadline: dayjs(job.deadline),
    contact: job.contact,
    contact_phone: job.contact_phone,
  };
}
