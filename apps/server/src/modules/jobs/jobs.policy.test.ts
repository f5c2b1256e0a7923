import { describe, expect, it } from 'vitest';
import { notFound } from '../../lib/errors.ts';
import { NOBODY, applicationPolicy, jobPolicy, type ApplicationViewer, type JobViewer } from './jobs.policy.ts';

const ORG = 1;
const admin: JobViewer = { ...NOBODY, admin: true };
const employer: JobViewer = { ...NOBODY, employerId: ORG };
const otherEmployer: JobViewer = { ...NOBODY, employerId: 2 };
const applicant: JobViewer = { ...NOBODY, applied: true };

const job = (status: string) => ({ org_id: ORG, status });

describe('jobPolicy', () => {
  it('who sees a job: published for everyone; draft and closed for its organisation and admins; closed for its applicants', () => {
    const cases: [string, JobViewer, string, boolean][] = [
      ['a visitor', NOBODY, 'published', true],
      ['a visitor', NOBODY, 'draft', false],
      ['a visitor', NOBODY, 'closed', false],
      ['its employer', employer, 'draft', true],
      ['an admin', admin, 'draft', true],
      ['another employer', otherEmployer, 'draft', false],
      ['another employer', otherEmployer, 'closed', false],
      ['an applicant', applicant, 'closed', true],
      ['an applicant', applicant, 'draft', false],
    ];
    for (const [who, viewer, status, allowed] of cases)
      expect(jobPolicy.can(viewer, 'see', job(status)), `${who}, ${status}`).toBe(allowed);
  });

  it('its organisation runs it; admins read its applicants but run nothing', () => {
    for (const action of ['edit', 'publish', 'close', 'reopen'] as const) {
      expect(jobPolicy.can(employer, action, job('draft')), action).toBe(true);
      expect(jobPolicy.can(otherEmployer, action, job('draft')), action).toBe(false);
      expect(jobPolicy.can(admin, action, job('draft')), action).toBe(false);
    }
    expect(jobPolicy.can(employer, 'readApplicants', job('published'))).toBe(true);
    expect(jobPolicy.can(admin, 'readApplicants', job('published'))).toBe(true);
    expect(jobPolicy.can(otherEmployer, 'readApplicants', job('published'))).toBe(false);
  });

  it('anyone applies but the organisation to its own job', () => {
    expect(jobPolicy.can(NOBODY, 'apply', job('published'))).toBe(true);
    expect(jobPolicy.can(otherEmployer, 'apply', job('published'))).toBe(true);
    expect(jobPolicy.can(employer, 'apply', job('published'))).toBe(false);
  });

  it('a visitor is refused with the 404 the service chooses', () => {
    expect(() => jobPolicy.authorize(NOBODY, 'see', job('draft'), () => notFound('errors.jobNotFound'))).toThrow(
      expect.objectContaining({ status: 404 }) as Error,
    );
    expect(() => jobPolicy.authorize(otherEmployer, 'see', job('draft'))).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
  });
});

describe('applicationPolicy', () => {
  const application = { applicant_id: 7, org_id: ORG };
  const nobody: ApplicationViewer = { userId: 8, admin: false, employerId: null };
  const sender: ApplicationViewer = { ...nobody, userId: 7 };

  it('its applicant, the job organisation and admins see it; the applicant withdraws, the organisation decides', () => {
    expect(applicationPolicy.can(sender, 'see', application)).toBe(true);
    expect(applicationPolicy.can({ ...nobody, employerId: ORG }, 'see', application)).toBe(true);
    expect(applicationPolicy.can({ ...nobody, admin: true }, 'see', application)).toBe(true);
    expect(applicationPolicy.can({ ...nobody, employerId: 2 }, 'see', application)).toBe(false);
    expect(applicationPolicy.can(nobody, 'see', application)).toBe(false);
    expect(applicationPolicy.can(sender, 'withdraw', application)).toBe(true);
    expect(applicationPolicy.can(nobody, 'withdraw', application)).toBe(false);
    expect(applicationPolicy.can({ employerId: ORG }, 'decide', application)).toBe(true);
    expect(applicationPolicy.can({ employerId: 2 }, 'decide', application)).toBe(false);
    expect(applicationPolicy.can({ employerId: null }, 'decide', application)).toBe(false);
  });

  it('a resume opens to an organisation holding an application naming it, until that is withdrawn', () => {
    const named = (status: string, orgId = ORG) => ({
      applications: [
        { org_id: 2, status: 'applied' },
        { org_id: orgId, status },
      ],
    });
    expect(applicationPolicy.can({ employerId: ORG }, 'readResume', named('viewed'))).toBe(true);
    expect(applicationPolicy.can({ employerId: ORG }, 'readResume', named('rejected'))).toBe(true);
    expect(applicationPolicy.can({ employerId: ORG }, 'readResume', named('withdrawn'))).toBe(false);
    expect(applicationPolicy.can({ employerId: ORG }, 'readResume', named('applied', 3))).toBe(false);
    expect(applicationPolicy.can({ employerId: ORG }, 'readResume', { applications: [] })).toBe(false);
  });
});
