import { describe, expect, it } from 'vitest';
import { cooperationPolicy, demandPolicy, solutionPolicy, type DemandViewer } from './demands.policy.ts';

const ENTERPRISE = 1;
const OTHER_ENTERPRISE = 2;
const INSTITUTE = 10;
const OTHER_INSTITUTE = 11;

const nobody: DemandViewer = { admin: false, enterpriseId: null, instituteId: null, received: false };
const admin: DemandViewer = { ...nobody, admin: true };
const owner: DemandViewer = { ...nobody, enterpriseId: ENTERPRISE };
const otherEnterprise: DemandViewer = { ...nobody, enterpriseId: OTHER_ENTERPRISE };
const institute: DemandViewer = { ...nobody, instituteId: INSTITUTE };
const receiver: DemandViewer = { ...institute, received: true };
const otherInstitute: DemandViewer = { ...nobody, instituteId: OTHER_INSTITUTE };

const demand = (status: string) => ({ id: 5, org_id: ENTERPRISE, status });

describe('demandPolicy', () => {
  it('an enterprise runs its own demands and nobody else does, admins included', () => {
    for (const action of ['edit', 'submit', 'withdraw', 'delete', 'toggle', 'close', 'complete', 'attach'] as const) {
      expect(demandPolicy.can(owner, action, demand('draft')), action).toBe(true);
      for (const viewer of [otherEnterprise, admin, receiver, nobody])
        expect(demandPolicy.can(viewer, action, demand('draft')), action).toBe(false);
    }
  });

  it('who sees a demand, by state: the owner and admins always, institutes while live or once received', () => {
    const cases: [string, DemandViewer, string, boolean][] = [
      ['owner', owner, 'draft', true],
      ['admin', admin, 'submitted', true],
      ['admin', admin, 'draft', true],
      ['another enterprise', otherEnterprise, 'published', false],
      ['a user of no organisation', nobody, 'published', false],
      ['an institute', institute, 'published', true],
      ['an institute', institute, 'paused', true],
      ['an institute', institute, 'closed', false],
      ['an institute', institute, 'submitted', false],
      ['a receiver', receiver, 'completed', true],
      ['a receiver', receiver, 'closed', true],
      ['a receiver', receiver, 'draft', false],
      ['a receiver', receiver, 'rejected', false],
    ];
    for (const [who, viewer, status, allowed] of cases)
      expect(demandPolicy.can(viewer, 'see', demand(status)), `${who} sees a ${status} demand`).toBe(allowed);
  });

  it('the full demand (contact, attachments) is NDA-gated: owner, admins and receivers only', () => {
    expect(demandPolicy.can(owner, 'readFull', demand('published'))).toBe(true);
    expect(demandPolicy.can(admin, 'readFull', demand('published'))).toBe(true);
    expect(demandPolicy.can(receiver, 'readFull', demand('published'))).toBe(true);
    expect(demandPolicy.can(institute, 'readFull', demand('published'))).toBe(false);
    expect(demandPolicy.can(otherEnterprise, 'readFull', demand('published'))).toBe(false);
  });

  it('admins review; institutes receive; only a receiver answers', () => {
    expect(demandPolicy.can(admin, 'review', demand('submitted'))).toBe(true);
    expect(demandPolicy.can(owner, 'review', demand('submitted'))).toBe(false);
    expect(demandPolicy.can(institute, 'receive', demand('published'))).toBe(true);
    expect(demandPolicy.can(owner, 'receive', demand('published'))).toBe(false);
    expect(demandPolicy.can(admin, 'receive', demand('published'))).toBe(false);
    expect(demandPolicy.can(receiver, 'solve', demand('published'))).toBe(true);
    expect(demandPolicy.can(institute, 'solve', demand('published'))).toBe(false);
  });

  it('the zip: the owner, receivers and the cooperating institute; not admins or other institutes', () => {
    const cooperating = { ...demand('completed'), cooperation: { institute_org_id: OTHER_INSTITUTE } };
    const alone = { ...demand('published'), cooperation: null };
    expect(demandPolicy.can(owner, 'download', alone)).toBe(true);
    expect(demandPolicy.can(receiver, 'download', alone)).toBe(true);
    expect(demandPolicy.can(otherInstitute, 'download', cooperating)).toBe(true);
    expect(demandPolicy.can(otherInstitute, 'download', alone)).toBe(false);
    expect(demandPolicy.can(institute, 'download', cooperating)).toBe(false);
    expect(demandPolicy.can(admin, 'download', alone)).toBe(false);
  });

  it('attached files open to receivers once the demand is published; the answers to its enterprise and admins', () => {
    expect(demandPolicy.can({ received: true }, 'readAttachments', demand('closed'))).toBe(true);
    expect(demandPolicy.can({ received: true }, 'readAttachments', demand('submitted'))).toBe(false);
    expect(demandPolicy.can({ received: false }, 'readAttachments', demand('published'))).toBe(false);
    expect(demandPolicy.can(owner, 'readSolutions', demand('published'))).toBe(true);
    expect(demandPolicy.can(admin, 'readSolutions', demand('published'))).toBe(true);
    expect(demandPolicy.can(otherEnterprise, 'readSolutions', demand('published'))).toBe(false);
  });
});

describe('solutionPolicy', () => {
  const item = (status: string, demandId = 5) => ({
    solution: { org_id: INSTITUTE, demand_id: 5, status },
    demand: { id: demandId, org_id: ENTERPRISE },
  });

  it('its institute writes it, for the demand it answers', () => {
    for (const action of ['edit', 'submit', 'withdraw', 'acknowledge', 'attach'] as const) {
      expect(solutionPolicy.can(institute, action, item('draft')), action).toBe(true);
      expect(solutionPolicy.can(otherInstitute, action, item('draft')), action).toBe(false);
      expect(solutionPolicy.can(owner, action, item('draft')), action).toBe(false);
    }
    expect(solutionPolicy.can(institute, 'edit', item('draft', 6))).toBe(false);
  });

  it("the demand's enterprise sees and decides on answers, never drafts or withdrawn ones", () => {
    const cases: [string, boolean][] = [
      ['draft', false],
      ['submitted', true],
      ['accepted', true],
      ['declined', true],
      ['withdrawn', false],
    ];
    for (const [status, allowed] of cases) {
      for (const action of ['see', 'accept', 'decline', 'readAttachments'] as const)
        expect(solutionPolicy.can(owner, action, item(status)), `${action} ${status}`).toBe(allowed);
      expect(solutionPolicy.can(otherEnterprise, 'see', item(status))).toBe(false);
    }
  });

  it('admins see every answer but decide on none', () => {
    expect(solutionPolicy.can(admin, 'see', item('draft'))).toBe(true);
    expect(solutionPolicy.can(admin, 'accept', item('submitted'))).toBe(false);
    expect(solutionPolicy.can(admin, 'edit', item('draft'))).toBe(false);
  });
});

describe('cooperationPolicy', () => {
  const cooperation = { enterprise_org_id: ENTERPRISE, institute_org_id: INSTITUTE };

  it('its two organisations and admins see it, each from its side', () => {
    expect(cooperationPolicy.can(owner, 'see', cooperation)).toBe(true);
    expect(cooperationPolicy.can(institute, 'see', cooperation)).toBe(true);
    expect(cooperationPolicy.can(admin, 'see', cooperation)).toBe(true);
    expect(cooperationPolicy.can(otherEnterprise, 'see', cooperation)).toBe(false);
    expect(cooperationPolicy.can(otherInstitute, 'see', cooperation)).toBe(false);
    expect(cooperationPolicy.can(owner, 'seeAsEnterprise', cooperation)).toBe(true);
    expect(cooperationPolicy.can(institute, 'seeAsEnterprise', cooperation)).toBe(false);
    expect(cooperationPolicy.can(institute, 'seeAsInstitute', cooperation)).toBe(true);
    expect(cooperationPolicy.can(admin, 'seeAsInstitute', cooperation)).toBe(false);
  });

  it('authorize refuses a stranger with 304', () => {
    expect(() => cooperationPolicy.authorize(otherEnterprise, 'see', cooperation)).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
  });
});
