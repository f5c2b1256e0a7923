import type { Role, RoleName } from './roles.ts';

/**
 * The route table of spec §2 and §6. It drives the web router, the side menu and the route guard,
 * and the server's workspace checks, so the two can never disagree.
 */

/** Public routes under the root layout (spec §2). `/` redirects to /start. */
export const PUBLIC_ROUTES = [
  '/signin',
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
  '/news/detail/:id',
  '/employ',
  '/employ/detail/:id',
  '/404',
  '/invitation/:id',
] as const;

/** Paths reachable without sign-in (spec §2 white list). A trailing `/*` matches any sub-path. */
export const WHITE_LIST = [
  '/signin',
  '/404',
  '/home',
  '/achievement/*',
  '/tryit',
  '/utilities/*',
  '/xxribd',
  '/xxribd/home',
  '/xxribd/team',
  '/xxribd/research',
] as const;

/** Screens of the sign-in flow: a signed-in user visiting them goes to `/` (spec §6). */
export const AUTH_SCREENS = ['/signin'] as const;

export const ACCOUNT_CHILDREN = [
  'individual',
  'institute',
  'individual-authentication',
  'institute-authentication',
  'contact-information',
] as const;

/**
 * Every signed-in user's pages under /account beyond spec §2's five children: the personal file
 * space (issue 4), their notebooks (issue 12) and their notifications (issue 13).
 */
export const ACCOUNT_EXTRA_PAGES = ['files', 'notebooks', 'notifications'] as const;

/** A workspace section: its child paths (relative to /manage/{key}) and who may open it. */
export interface ManageSection {
  key: string;
  /** Empty = no role limit (spec §6 'todoList: no role limit'). Admin always passes. */
  roles: readonly Role[];
  children: readonly string[];
  /** Whether the section appears in the side menu (detail pages and forms do not). */
  menu: boolean;
}

const E: Role = 'Enterprise';
const RI: Role = 'ResearchInstitute';
const SP: Role = 'Specialist';
const ST: Role = 'Student';
const TE: Role = 'Teacher';
const IN: Role = 'Individual';

const demandChildren = ['list', 'demandForm/:demand_id', 'submitted/:isCommit', 'detail/:demand_id'] as const;

/** Workspace /manage children (spec §2) with the roles of spec §6. */
export const MANAGE_SECTIONS: readonly ManageSection[] = [
  { key: 'dashboard', roles: [E, RI, SP, ST], children: [], menu: true },
  { key: 'todoList', roles: [], children: [], menu: true },
  { key: 'demands', roles: [E], children: [], menu: true },
  { key: 'solutions', roles: [RI], children: [], menu: true },
  { key: 'willManageE', roles: [E], children: ['list', 'create', 'detail/:id'], menu: true },
  { key: 'willManageRI', roles: [RI], children: ['list', 'detail/:id'], menu: true },
  { key: 'demandManage', roles: [E], children: demandChildren, menu: true },
  { key: 'demandManageRI', roles: [RI], children: demandChildren, menu: true },
  {
    key: 'subjectManage',
    roles: [RI],
    children: [
      'list',
      'subjectForm/:subject_id',
      'submitted/:isCommit',
      'detail/:subject_id',
      'sharedFile/:subject_id',
      'authorityManagement/:subject_id',
      'planOutcomeDetail/:subject_sub_id',
      'subjectEdit/:subject_id',
    ],
    menu: true,
  },
  {
    key: 'subjectManageS',
    roles: [SP],
    children: [
      'list',
      'subjectForm/:subject_id',
      'submitted/:isCommit',
      'detail',
      'sharedFile',
      'customSubjectDetail',
      'subjectEdit/:subject_id',
    ],
    menu: true,
  },
  {
    key: 'directionManage',
    roles: [SP],
    children: [
      'list',
      'directionForm/:direction_id',
      'submitted/:isCommit',
      'detail/:direction_id',
      'sharedFile/:direction_id',
      'authorityManagement/:direction_id',
      'directionEdit/:direction_id',
      'planOutcomeDetail/:direction_sub_id',
    ],
    menu: true,
  },
  { key: 'directionManageStu', roles: [ST], children: ['list', 'detail', 'sharedFile'], menu: true },
  { key: 'subjectsPool', roles: [SP], children: ['list', 'detail/:subject_id'], menu: true },
  { key: 'directionsPool', roles: [SP, ST], children: ['list', 'detail/:direction_id'], menu: true },
  { key: 'researchQuestions', roles: [ST], children: [], menu: true },
  { key: 'employment', roles: [E, RI], children: ['list', 'form/:jobs_id', 'detail/:jobs_id'], menu: true },
  { key: 'myJob', roles: [TE, SP, ST, IN], children: [], menu: true },
  { key: 'sharedTplFile', roles: [RI, TE, SP, ST, IN], children: [], menu: true },
];

export type ManageSectionKey = (typeof MANAGE_SECTIONS)[number]['key'];

export function findManageSection(key: string): ManageSection | undefined {
  return MANAGE_SECTIONS.find((section) => section.key === key);
}

/** Whether a user with these roles may open the workspace section (spec §6; Admin sees all). */
export function canOpenSection(roles: readonly RoleName[], key: string): boolean {
  const section = findManageSection(key);
  if (!section) return false;
  if (roles.includes('Admin')) return true;
  if (section.roles.length === 0) return true;
  return section.roles.some((role) => roles.includes(role));
}

/** The workspace sections a user with these roles may open, in menu order. */
export function sectionsFor(roles: readonly RoleName[]): ManageSection[] {
  return MANAGE_SECTIONS.filter((section) => canOpenSection(roles, section.key));
}

function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  }
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (got[i] ?? '') !== '' : segment === got[i]));
}

function normalise(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '/';
  return clean.length > 1 && clean.endsWith('/') ? clean.slice(0, -1) : clean;
}

/** Reachable signed out: a public route, or on the white list (spec §2). */
export function isOpenPath(path: string): boolean {
  const p = normalise(path);
  if (p === '/') return true;
  return [...PUBLIC_ROUTES, ...WHITE_LIST].some((pattern) => matches(pattern, p));
}

export function isAuthScreen(path: string): boolean {
  const p = normalise(path);
  return (AUTH_SCREENS as readonly string[]).includes(p);
}

/**
 * Pages beyond the tables above that to-dos and notifications open (DESIGN §19: they carry their web
 * path): the notebook editor (issue 12) and two pages of the admins' content manager (issue 11).
 */
export const LINKED_PAGES = [
  '/notebooks/:id',
  '/manage/content/consultations',
  '/manage/content/contributions',
] as const;

/** Every route pattern of the web app a server-made link may name. */
function linkablePatterns(): string[] {
  return [
    ...PUBLIC_ROUTES,
    ...WHITE_LIST,
    ...[...ACCOUNT_CHILDREN, ...ACCOUNT_EXTRA_PAGES].map((child) => `/account/${child}`),
    ...MANAGE_SECTIONS.flatMap((section) => [
      `/manage/${section.key}`,
      ...section.children.map((child) => `/manage/${section.key}/${child}`),
    ]),
    ...LINKED_PAGES,
  ];
}

/** Whether a path (its query and hash aside) is a page of the web app: a route of the tables above. */
export function isWebRoute(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const p = normalise(path);
  return linkablePatterns().some((pattern) => matches(pattern, p));
}

/**
 * A route of the tables above with its `:params` filled, and a query and a hash when given:
 * `routePath('/manage/demandManage/detail/:demand_id', { demand_id: 5 })`. A pattern the tables do
 * not have, or a parameter left out, throws: a link made by the server can only name a real page.
 */
export function routePath(
  pattern: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, string | number>> = {},
  hash?: string,
): string {
  if (!linkablePatterns().includes(pattern)) throw new Error(`not a route of the web app: ${pattern}`);
  const path = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined || value === '') throw new Error(`route ${pattern}: no value for ${segment}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}
