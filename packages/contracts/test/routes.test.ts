import { describe, expect, it } from 'vitest';
import { ROLES, VISITOR_ROLE, type Role, type RoleName } from '../src/roles.ts';
import {
  MANAGE_SECTIONS,
  canOpenSection,
  findManageSection,
  isAuthScreen,
  isOpenPath,
  sectionsFor,
} from '../src/routes.ts';

const ANY = 'any role' as const;

/** Spec §6, row by row: who may open each workspace section (Admin aside). */
const SPEC_PERMISSIONS: Record<string, readonly Role[] | typeof ANY> = {
  dashboard: ['Enterprise', 'ResearchInstitute', 'Specialist', 'Student'],
  demands: ['Enterprise'],
  willManageE: ['Enterprise'],
  demandManage: ['Enterprise'],
  solutions: ['ResearchInstitute'],
  willManageRI: ['ResearchInstitute'],
  demandManageRI: ['ResearchInstitute'],
  subjectManage: ['ResearchInstitute'],
  subjectManageS: ['Specialist'],
  directionManage: ['Specialist'],
  subjectsPool: ['Specialist'],
  directionManageStu: ['Student'],
  researchQuestions: ['Student'],
  directionsPool: ['Specialist', 'Student'],
  employment: ['Enterprise', 'ResearchInstitute'],
  myJob: ['Teacher', 'Specialist', 'Student', 'Individual'],
  sharedTplFile: ['ResearchInstitute', 'Teacher', 'Specialist', 'Student', 'Individual'],
  todoList: ANY,
};

/** Every role name a signed-in user can carry, except Admin. */
const NON_ADMIN: readonly RoleName[] = [...ROLES.filter((role) => role !== 'Admin'), VISITOR_ROLE];

describe('workspace permissions (spec §6)', () => {
  it('covers exactly the workspace sections of spec §2', () => {
    expect(MANAGE_SECTIONS.map((section) => section.key).sort()).toEqual(Object.keys(SPEC_PERMISSIONS).sort());
  });

  for (const [key, allowed] of Object.entries(SPEC_PERMISSIONS)) {
    it(`${key}: ${allowed === ANY ? 'any signed-in user' : allowed.join(', ')} may open it, no one else`, () => {
      for (const role of NON_ADMIN) {
        const expected = allowed === ANY || (allowed as readonly RoleName[]).includes(role);
        expect(canOpenSection([role], key), `${role} → ${key}`).toBe(expected);
      }
    });
  }

  it('lets demands be opened by an enterprise only', () => {
    expect(canOpenSection(['Enterprise'], 'demands')).toBe(true);
    expect(canOpenSection(['ResearchInstitute'], 'demands')).toBe(false);
    expect(canOpenSection(['Specialist'], 'demands')).toBe(false);
  });

  it('lets a visitor without a role open the to-do list and nothing else', () => {
    expect(canOpenSection([VISITOR_ROLE], 'todoList')).toBe(true);
    expect(canOpenSection([], 'todoList')).toBe(true);
    expect(sectionsFor([VISITOR_ROLE]).map((section) => section.key)).toEqual(['todoList']);
    expect(sectionsFor([]).map((section) => section.key)).toEqual(['todoList']);
  });

  it('lets Admin open every section', () => {
    for (const section of MANAGE_SECTIONS) expect(canOpenSection(['Admin'], section.key), section.key).toBe(true);
    expect(sectionsFor(['Admin'])).toHaveLength(MANAGE_SECTIONS.length);
  });

  it('lets a user with several roles open what any of them may', () => {
    const roles: RoleName[] = ['Student', 'Enterprise'];
    expect(canOpenSection(roles, 'demands')).toBe(true);
    expect(canOpenSection(roles, 'directionManageStu')).toBe(true);
    expect(canOpenSection(roles, 'solutions')).toBe(false);
  });

  it('refuses an unknown section, even to Admin', () => {
    expect(canOpenSection(['Admin'], 'nope')).toBe(false);
    expect(findManageSection('nope')).toBeUndefined();
  });

  it('lists an enterprise’s sections in menu order', () => {
    expect(sectionsFor(['Enterprise']).map((section) => section.key)).toEqual([
      'dashboard',
      'todoList',
      'demands',
      'willManageE',
      'demandManage',
      'employment',
    ]);
  });

  it('gives the research institute’s demand management the same pages as the enterprise’s', () => {
    expect(findManageSection('demandManageRI')?.children).toEqual(findManageSection('demandManage')?.children);
    expect(findManageSection('demandManage')?.children).toEqual([
      'list',
      'demandForm/:demand_id',
      'submitted/:isCommit',
      'detail/:demand_id',
    ]);
  });
});

describe('isOpenPath (reachable without sign-in, spec §2)', () => {
  it('opens every white-listed path', () => {
    for (const path of [
      '/signin',
      '/404',
      '/home',
      '/tryit',
      '/xxribd',
      '/xxribd/home',
      '/xxribd/team',
      '/xxribd/research',
    ]) {
      expect(isOpenPath(path), path).toBe(true);
    }
  });

  it('opens any sub-path of /achievement and /utilities', () => {
    for (const path of ['/achievement/x', '/achievement/x/y', '/achievement/a/b/c', '/utilities/a', '/utilities/a/b']) {
      expect(isOpenPath(path), path).toBe(true);
    }
  });

  it('opens the public routes, with their ids', () => {
    const publicPaths = [
      '/',
      '/signup',
      '/forget',
      '/start',
      '/enterprise',
      '/researchinstitute',
      '/specialist',
      '/student',
      '/innovate-forum',
      '/certification',
      '/service',
      '/industry',
      '/aboutUs',
      '/members',
      '/news',
      '/news/detail/5',
      '/employ',
      '/employ/detail/42',
      '/invitation/abc123',
    ];
    for (const path of publicPaths) expect(isOpenPath(path), path).toBe(true);
  });

  it('ignores a query string, a hash and a trailing slash', () => {
    expect(isOpenPath('/news/detail/5?from=home')).toBe(true);
    expect(isOpenPath('/404?disableBack=1&enableWorkspace=1')).toBe(true);
    expect(isOpenPath('/start/')).toBe(true);
    expect(isOpenPath('/aboutUs#team')).toBe(true);
    expect(isOpenPath('/manage/dashboard?x=1')).toBe(false);
  });

  it('keeps the workspace, account and center behind sign-in', () => {
    for (const path of [
      '/manage',
      '/manage/dashboard',
      '/manage/todoList',
      '/manage/demandManage/list',
      '/account',
      '/account/individual',
      '/account/contact-information',
      '/center',
      '/firstmeet',
    ]) {
      expect(isOpenPath(path), path).toBe(false);
    }
  });

  it('does not open paths that merely look like open ones', () => {
    for (const path of [
      '/news/detail',
      '/news/detail/',
      '/news/detail/5/edit',
      '/employ/detail',
      '/xxribd/other',
      '/achievementx',
      '/utilitiesx/a',
      '/tryit/x',
      '/homepage',
      '/signin/x',
      '/invitation',
    ]) {
      expect(isOpenPath(path), path).toBe(false);
    }
  });
});

describe('isAuthScreen (signed-in users are sent from /signin to /, spec §6)', () => {
  it('recognises the sign-in screen', () => {
    expect(isAuthScreen('/signin')).toBe(true);
    expect(isAuthScreen('/signin/')).toBe(true);
    expect(isAuthScreen('/signin?redirect=%2Fmanage%2Fdashboard')).toBe(true);
  });

  it('does not treat other screens as the sign-in screen', () => {
    for (const path of ['/', '/start', '/manage/dashboard', '/signin/x', '/404'])
      expect(isAuthScreen(path), path).toBe(false);
  });
});
