import { routePath } from '@mathbridge/contracts/routes';
import type { ModuleLinks } from '../../lib/links.ts';
import { findApplication } from './jobs.repository.ts';

/**
 * Where the to-dos and notifications about job applications lead (DESIGN §19): the employer's
 * `jobApplication` opens the job's applicants; the applicant's steps (interview, offer, rejection)
 * and notices open their applications.
 */
export const jobLinks: ModuleLinks = {
  job_application: async (db, { kind, target }) => {
    if (kind !== 'jobApplication') return routePath('/manage/myJob');
    const application = await findApplication(db, target.id);
    if (!application) throw new Error('link to a missing job application');
    return routePath('/manage/employment/detail/:jobs_id', { jobs_id: application.job_id });
  },
};
