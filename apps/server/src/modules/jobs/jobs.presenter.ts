import type {
  Application,
  ApplicationRejectReason,
  ApplicationState,
  Degree,
  EmploymentType,
  ExperienceLevel,
  Job,
  JobState,
  JobSummary,
} from '@mathbridge/contracts/jobs';
import type { JobApplicationEventRow, JobApplicationRow, JobRow } from '../../db/types.ts';

/** Job and application rows → API shapes (the API never answers raw rows). */

export const presentJobSummary = (row: JobRow): JobSummary => ({
  id: row.id,
  title: row.title,
  status: row.status as JobState,
  employment_type: row.employment_type as EmploymentType,
  experience: row.experience as ExperienceLevel,
  negotiable: row.negotiable === 1 ? 1 : 0,
  salary_min: row.salary_min,
  salary_max: row.salary_max,
  degree: row.degree as Degree | null,
  province_code: row.province_code,
  city_code: row.city_code,
  headcount: row.headcount,
  deadline: row.deadline,
  org: { id: row.org_id, name: row.org_name },
  published_at: row.published_at,
  updated_at: row.updated_at,
});

/** The whole job; `applicant_count` only for its organisation and admins. */
export const presentJob = (row: JobRow, insider: boolean): Job => ({
  ...presentJobSummary(row),
  description: row.description,
  contact: row.contact,
  contact_phone: row.contact_phone,
  applicant_count: insider ? Number(row.applicant_count) : null,
  created_at: row.created_at,
  closed_at: row.closed_at,
});

export const presentApplication = (
  row: JobApplicationRow,
  job: JobRow | undefined,
  events: JobApplicationEventRow[],
): Application => ({
  id: row.id,
  job: {
    id: row.job_id,
    title: job?.title ?? '',
    org: { id: row.org_id, name: job?.org_name ?? '' },
    status: (job?.status ?? 'closed') as JobState,
  },
  applicant: { id: row.applicant_id, name: row.applicant_name },
  resume: { id: row.resume_file_id, name: row.resume_name, size: Number(row.resume_size) },
  note: row.note,
  status: row.status as ApplicationState,
  reject_reason: row.reject_reason as ApplicationRejectReason | null,
  reject_text: row.reject_text,
  history: events.map((e) => ({
    from: e.from_status as ApplicationState | null,
    to: e.to_status as ApplicationState,
    actor_id: e.actor_id,
    at: e.at,
  })),
  created_at: row.created_at,
  updated_at: row.updated_at,
});
