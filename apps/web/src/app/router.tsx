import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import {
  MANAGE_SECTIONS,
  isAuthScreen,
  isOpenPath,
  sectionsFor,
  type ACCOUNT_CHILDREN,
  type ManageSection,
  type PUBLIC_ROUTES,
  type WHITE_LIST,
} from '@mathbridge/contracts/routes';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import { canUseSection } from '@mathbridge/contracts/workspace';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteError } from '../components/route-error.tsx';
import { accountStrings } from '../features/account/i18n/strings.ts';
import { auditLogStrings } from '../features/audit-log/i18n/strings.ts';
import { contentStrings } from '../features/content/i18n/strings.ts';
import { demandsStrings } from '../features/demands/i18n/strings.ts';
import { filesStrings } from '../features/files/i18n/strings.ts';
import { identityStrings } from '../features/identity/i18n/strings.ts';
import { invitationStrings } from '../features/invitation/i18n/strings.ts';
import { jobsStrings } from '../features/jobs/i18n/strings.ts';
import { membersStrings } from '../features/members/i18n/strings.ts';
import { micrositeStrings } from '../features/microsite/i18n/strings.ts';
import { notebooksStrings } from '../features/notebooks/i18n/strings.ts';
import { notificationsStrings } from '../features/notifications/i18n/strings.ts';
import { onboardingStrings } from '../features/onboarding/i18n/strings.ts';
import { portalStrings } from '../features/portal/i18n/strings.ts';
import { questionsStrings } from '../features/questions/i18n/strings.ts';
import { researchStrings } from '../features/research/i18n/strings.ts';
import { utilitiesStrings } from '../features/utilities/i18n/strings.ts';
import { wechatStrings } from '../features/wechat/i18n/strings.ts';
import { wishesStrings } from '../features/wishes/i18n/strings.ts';
import { workspaceStrings } from '../features/workspace/i18n/strings.ts';
import { loadPageStrings, withStrings } from '../i18n/i18n.ts';
import { ensureSession } from '../lib/auth.ts';
import { signInPath } from '../lib/navigation.ts';
import { useSession } from '../lib/session-store.ts';
import type { ContentSection } from '../features/content/components/content-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { manageChildTitleKey, manageSectionTitleKey } from '../lib/manage-titles.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/**
 * Routes of spec §2 with the guards of spec §6. Every page is a lazy chunk; the table below is
 * typed against the contracts' route lists so a route added there fails to compile until it is
 * given a page here.
 */

type LazyModule = () => Promise<{ default: ComponentType }>;
type PageSpec =
  | {
      load: LazyModule;
      title: (t: TFunction) => string;
      intro?: (t: TFunction) => string;
      footer?: boolean;
      /**
       * Pages wait for the shell's section strings (loadPageStrings) unless they show none: sign-in
       * screens and /404 (core strings only), the portal's and the notebooks' own pages. A feature's
       * strings come with its page's code: `load: withStrings(() => import(…), itsStrings)`.
       */
      pageStrings?: false;
    }
  | { redirectTo: string };

const rolePage: LazyModule = withStrings(() => import('../features/portal/routes/role-page.tsx'), portalStrings);
const micrositePage: LazyModule = withStrings(
  () => import('../features/microsite/routes/site-page.tsx'),
  micrositeStrings,
);

/** The workspace's side menu links the audit log by the dashboard's word for it. */
const manageLayout = withStrings(() => import('./layouts/manage-layout.tsx'), workspaceStrings);

const comingSoonPage: LazyModule = () => import('../components/coming-soon-page.tsx');

/** Workspace sections without child routes that have their page; the others are coming soon. */
const SECTION_PAGES: Partial<Record<string, LazyModule>> = {
  sharedTplFile: withStrings(() => import('../features/files/routes/shared-templates-page.tsx'), filesStrings),
  dashboard: withStrings(() => import('../features/workspace/routes/dashboard-page.tsx'), workspaceStrings),
  todoList: withStrings(() => import('./routes/todo-list-page.tsx'), workspaceStrings, identityStrings),
  demands: withStrings(() => import('../features/demands/routes/demands-overview-page.tsx'), demandsStrings),
  solutions: withStrings(() => import('../features/demands/routes/solutions-page.tsx'), demandsStrings),
  myJob: withStrings(() => import('../features/jobs/routes/my-jobs-page.tsx'), jobsStrings),
  researchQuestions: withStrings(
    () => import('../features/questions/routes/research-questions-page.tsx'),
    questionsStrings,
  ),
};

/** Research screens (issue 10): one page per screen serves every section of both kinds (features/research/faces.ts). */
const researchPages = {
  list: withStrings(() => import('../features/research/routes/project-list-page.tsx'), researchStrings),
  form: withStrings(() => import('../features/research/routes/project-form-page.tsx'), researchStrings),
  submitted: withStrings(() => import('../features/research/routes/project-submitted-page.tsx'), researchStrings),
  detail: withStrings(() => import('./routes/research-detail-page.tsx'), researchStrings, questionsStrings),
  authority: withStrings(() => import('../features/research/routes/authority-page.tsx'), researchStrings),
  sharedFile: withStrings(() => import('./routes/research-shared-file-page.tsx'), researchStrings, filesStrings),
  plan: withStrings(() => import('../features/research/routes/plan-outcome-page.tsx'), researchStrings),
  pool: withStrings(() => import('../features/research/routes/pool-page.tsx'), researchStrings),
  poolDetail: withStrings(() => import('../features/research/routes/pool-detail-page.tsx'), researchStrings),
} satisfies Record<string, LazyModule>;
const RESEARCH_CHILD_PAGES: Record<string, LazyModule> = {
  'subjectManage/list': researchPages.list,
  'subjectManage/subjectForm/:subject_id': researchPages.form,
  'subjectManage/submitted/:isCommit': researchPages.submitted,
  'subjectManage/detail/:subject_id': researchPages.detail,
  'subjectManage/sharedFile/:subject_id': researchPages.sharedFile,
  'subjectManage/authorityManagement/:subject_id': researchPages.authority,
  'subjectManage/planOutcomeDetail/:subject_sub_id': researchPages.plan,
  'subjectManage/subjectEdit/:subject_id': researchPages.form,
  'subjectManageS/list': researchPages.list,
  'subjectManageS/subjectForm/:subject_id': researchPages.form,
  'subjectManageS/submitted/:isCommit': researchPages.submitted,
  'subjectManageS/detail': researchPages.detail,
  'subjectManageS/sharedFile': researchPages.sharedFile,
  'subjectManageS/customSubjectDetail': researchPages.detail,
  'subjectManageS/subjectEdit/:subject_id': researchPages.form,
  'directionManage/list': researchPages.list,
  'directionManage/directionForm/:direction_id': researchPages.form,
  'directionManage/submitted/:isCommit': researchPages.submitted,
  'directionManage/detail/:direction_id': researchPages.detail,
  'directionManage/sharedFile/:direction_id': researchPages.sharedFile,
  'directionManage/authorityManagement/:direction_id': researchPages.authority,
  'directionManage/directionEdit/:direction_id': researchPages.form,
  'directionManage/planOutcomeDetail/:direction_sub_id': researchPages.plan,
  'directionManageStu/list': researchPages.list,
  'directionManageStu/detail': researchPages.detail,
  'directionManageStu/sharedFile': researchPages.sharedFile,
  'subjectsPool/list': researchPages.pool,
  'subjectsPool/detail/:subject_id': researchPages.poolDetail,
  'directionsPool/list': researchPages.pool,
  'directionsPool/detail/:direction_id': researchPages.poolDetail,
};

/** Child pages of workspace sections that have them, keyed `section/child`; the others are coming soon. */
const demandDetailPage: LazyModule = withStrings(
  () => import('../features/demands/routes/demand-detail-page.tsx'),
  demandsStrings,
);
const wishDetailPage: LazyModule = withStrings(
  () => import('../features/wishes/routes/wish-detail-page.tsx'),
  wishesStrings,
);
const CHILD_PAGES: Partial<Record<string, LazyModule>> = {
  'demandManage/list': withStrings(() => import('../features/demands/routes/demand-list-page.tsx'), demandsStrings),
  'demandManage/demandForm/:demand_id': withStrings(
    () => import('../features/demands/routes/demand-form-page.tsx'),
    demandsStrings,
  ),
  'demandManage/submitted/:isCommit': withStrings(
    () => import('../features/demands/routes/demand-submitted-page.tsx'),
    demandsStrings,
  ),
  'demandManage/detail/:demand_id': demandDetailPage,
  'demandManageRI/list': withStrings(() => import('../features/demands/routes/demand-market-page.tsx'), demandsStrings),
  'demandManageRI/detail/:demand_id': demandDetailPage,
  'demandManageRI/demandForm/:demand_id': withStrings(
    () => import('../features/demands/routes/solution-form-page.tsx'),
    demandsStrings,
  ),
  'demandManageRI/submitted/:isCommit': withStrings(
    () => import('../features/demands/routes/solution-submitted-page.tsx'),
    demandsStrings,
  ),
  'willManageE/list': withStrings(() => import('../features/wishes/routes/wish-list-page.tsx'), wishesStrings),
  'willManageE/create': withStrings(() => import('../features/wishes/routes/wish-create-page.tsx'), wishesStrings),
  'willManageE/detail/:id': wishDetailPage,
  'willManageRI/list': withStrings(() => import('../features/wishes/routes/wish-open-list-page.tsx'), wishesStrings),
  'willManageRI/detail/:id': wishDetailPage,
  'employment/list': withStrings(() => import('../features/jobs/routes/job-list-page.tsx'), jobsStrings),
  'employment/form/:jobs_id': withStrings(() => import('../features/jobs/routes/job-form-page.tsx'), jobsStrings),
  'employment/detail/:jobs_id': withStrings(() => import('../features/jobs/routes/job-detail-page.tsx'), jobsStrings),
  ...RESEARCH_CHILD_PAGES,
};

/** A page's code (with its feature's strings: withStrings) and, unless it shows none, the shell's section strings. */
const lazyPage =
  (load: LazyModule, pageStrings = true) =>
  async () => {
    const [module] = await Promise.all([load(), pageStrings ? loadPageStrings() : null]);
    return { Component: module.default };
  };

type PublicRoute = (typeof PUBLIC_ROUTES)[number];
type WhiteListRoute = Exclude<(typeof WHITE_LIST)[number], PublicRoute>;

const PUBLIC_PAGES: Record<PublicRoute, PageSpec> = {
  '/signin': {
    load: () => import('../features/auth/routes/signin-page.tsx'),
    title: (t) => t('pages.signin'),
    footer: false,
    pageStrings: false,
  },
  '/signup': {
    load: () => import('../features/auth/routes/signup-page.tsx'),
    title: (t) => t('pages.signup'),
    footer: false,
    pageStrings: false,
  },
  '/forget': {
    load: () => import('../features/auth/routes/forget-page.tsx'),
    title: (t) => t('pages.forget'),
    footer: false,
    pageStrings: false,
  },
  '/start': {
    load: withStrings(() => import('../features/portal/routes/start-page.tsx'), portalStrings),
    title: (t) => t('pages.start'),
    pageStrings: false,
  },
  '/enterprise': {
    load: rolePage,
    title: (t) => t('pages.enterprise'),
    pageStrings: false,
  },
  '/researchinstitute': {
    load: rolePage,
    title: (t) => t('pages.researchinstitute'),
    pageStrings: false,
  },
  '/specialist': {
    load: rolePage,
    title: (t) => t('pages.specialist'),
    pageStrings: false,
  },
  '/student': {
    load: rolePage,
    title: (t) => t('pages.student'),
    pageStrings: false,
  },
  '/innovate-forum': {
    load: withStrings(() => import('../features/portal/routes/forum-page.tsx'), portalStrings),
    title: (t) => t('pages.innovateForum'),
    pageStrings: false,
  },
  '/certification': {
    load: withStrings(() => import('../features/identity/routes/certification-page.tsx'), identityStrings),
    title: (t) => t('identity.choose.title'),
  },
  '/service': {
    load: withStrings(() => import('../features/portal/routes/service-page.tsx'), portalStrings),
    title: (t) => t('pages.service'),
    pageStrings: false,
  },
  '/industry': {
    load: withStrings(() => import('../features/portal/routes/industry-page.tsx'), portalStrings),
    title: (t) => t('pages.industry'),
    pageStrings: false,
  },
  '/aboutUs': {
    load: withStrings(() => import('../features/portal/routes/about-page.tsx'), portalStrings),
    title: (t) => t('pages.aboutUs'),
    pageStrings: false,
  },
  '/members': {
    load: withStrings(() => import('../features/members/routes/members-page.tsx'), membersStrings),
    title: (t) => t('pages.members'),
  },
  '/news': {
    load: withStrings(() => import('../features/portal/routes/news-page.tsx'), portalStrings),
    title: (t) => t('pages.news'),
    pageStrings: false,
  },
  '/news/detail/:id': {
    load: withStrings(() => import('../features/portal/routes/news-detail-page.tsx'), portalStrings),
    title: (t) => t('pages.newsDetail'),
    pageStrings: false,
  },
  '/employ': {
    load: withStrings(() => import('../features/jobs/routes/employ-page.tsx'), jobsStrings),
    title: (t) => t('pages.employ'),
  },
  '/employ/detail/:id': {
    load: withStrings(() => import('../features/jobs/routes/employ-detail-page.tsx'), jobsStrings),
    title: (t) => t('pages.employDetail'),
  },
  '/404': {
    load: () => import('../features/not-found/routes/not-found-page.tsx'),
    title: (t) => t('pages.notFound'),
    footer: false,
    pageStrings: false,
  },
  '/invitation/:id': {
    load: withStrings(() => import('../features/invitation/routes/invitation-page.tsx'), invitationStrings),
    title: (t) => t('pages.invitation'),
  },
};

const WHITE_LIST_PAGES: Record<WhiteListRoute, PageSpec> = {
  '/home': { redirectTo: '/start' },
  // The achievement area (issue 12): list, /achievement/{id} and /achievement/user/{id}, dispatched by the page.
  '/achievement/*': {
    load: withStrings(() => import('../features/notebooks/routes/achievement-page.tsx'), notebooksStrings),
    title: (t) => t('pages.achievement'),
    intro: (t) => t('pageIntro.achievement'),
    pageStrings: false,
  },
  '/tryit': {
    load: withStrings(() => import('../features/notebooks/routes/tryit-page.tsx'), notebooksStrings),
    title: (t) => t('pages.tryit'),
    intro: (t) => t('pageIntro.tryit'),
    pageStrings: false,
  },
  '/utilities/*': {
    load: withStrings(() => import('../features/utilities/routes/utilities-page.tsx'), utilitiesStrings),
    title: (t) => t('pages.utilities'),
  },
  '/xxribd': { load: micrositePage, title: (t) => t('pages.xxribd') },
  '/xxribd/home': { load: micrositePage, title: (t) => t('pages.xxribdHome') },
  '/xxribd/team': { load: micrositePage, title: (t) => t('pages.xxribdTeam') },
  '/xxribd/research': { load: micrositePage, title: (t) => t('pages.xxribdResearch') },
};

/** Routes that only redirect never render; a component keeps React Router from warning. */
function Redirecting() {
  return null;
}

function pageRoute(path: string, spec: PageSpec): RouteObject {
  const relative = path.replace(/^\//, '');
  if ('redirectTo' in spec) return { path: relative, loader: () => redirect(spec.redirectTo), Component: Redirecting };
  const handle: RouteHandle = { title: spec.title, intro: spec.intro, footer: spec.footer };
  return { path: relative, lazy: lazyPage(spec.load, spec.pageStrings), handle };
}

/** /account children (spec §2): two real screens, the certification screens come later. */
const ACCOUNT_PAGES: Record<(typeof ACCOUNT_CHILDREN)[number], PageSpec> = {
  individual: {
    load: withStrings(() => import('./routes/individual-page.tsx'), accountStrings, identityStrings, wechatStrings),
    title: (t) => t('accountArea.menu.individual'),
  },
  institute: {
    load: withStrings(() => import('../features/identity/routes/institute-page.tsx'), identityStrings),
    title: (t) => t('accountArea.menu.institute'),
  },
  'individual-authentication': {
    load: withStrings(() => import('../features/identity/routes/individual-auth-page.tsx'), identityStrings),
    title: (t) => t('accountArea.menu.individual-authentication'),
  },
  'institute-authentication': {
    load: withStrings(() => import('../features/identity/routes/institute-auth-page.tsx'), identityStrings),
    title: (t) => t('accountArea.menu.institute-authentication'),
  },
  'contact-information': {
    load: withStrings(() => import('../features/account/routes/contact-information-page.tsx'), accountStrings),
    title: (t) => t('accountArea.menu.contact-information'),
  },
};

/**
 * Loaders of one navigation run in parallel, so a workspace loader cannot rely on the root guard
 * having sent a signed-out visitor to /signin first; it does so itself.
 */
function requireSignIn(request: Request): void {
  if (useSession.getState().hasToken) return;
  const url = new URL(request.url);
  throw redirect(signInPath(`${url.pathname}${url.search}`));
}

/** Pages beyond spec §2 for admins only: the audit log and the content manager. */
async function adminLoader({ request }: LoaderFunctionArgs) {
  await ensureSession();
  requireSignIn(request);
  if (!useSession.getState().roles.includes('Admin')) throw redirect('/404');
  return null;
}

/** The content manager's pages (/manage/content/…): path → page and title (shell strings `contentManager.*`). */
const CONTENT_PAGES: Record<string, { load: LazyModule; title: ContentSection }> = {
  articles: {
    load: withStrings(() => import('../features/content/routes/articles-page.tsx'), contentStrings),
    title: 'articles',
  },
  'articles/:id': {
    load: withStrings(() => import('../features/content/routes/article-form-page.tsx'), contentStrings),
    title: 'articles',
  },
  categories: {
    load: withStrings(() => import('../features/content/routes/categories-page.tsx'), contentStrings),
    title: 'categories',
  },
  banners: {
    load: withStrings(() => import('../features/content/routes/banners-page.tsx'), contentStrings),
    title: 'banners',
  },
  manual: {
    load: withStrings(() => import('../features/content/routes/manual-pages-page.tsx'), contentStrings),
    title: 'manual',
  },
  site: {
    load: withStrings(() => import('../features/content/routes/site-pages-page.tsx'), contentStrings),
    title: 'site',
  },
  consultations: {
    load: withStrings(() => import('../features/content/routes/consultations-page.tsx'), contentStrings),
    title: 'consultations',
  },
  notebookCategories: {
    load: withStrings(() => import('../features/content/routes/notebook-categories-page.tsx'), contentStrings),
    title: 'notebookCategories',
  },
  contributions: {
    load: withStrings(() => import('../features/content/routes/contributions-page.tsx'), contentStrings),
    title: 'contributions',
  },
};

/** The workspace opens only at verify_state 1 (spec §4). */
async function workspaceLoader({ request }: LoaderFunctionArgs) {
  await ensureSession();
  requireSignIn(request);
  if (useSession.getState().profile?.verify_state !== VERIFY_STATE.verified) throw redirect('/404');
  return null;
}

/**
 * A section the user's roles may not open behaves as if its route had not been added (spec §4:
 * role-filtered routes are added after the profile loads): it is a 404.
 */
function sectionLoader(key: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    await ensureSession();
    requireSignIn(request);
    const { roles, profile } = useSession.getState();
    if (!canUseSection(roles, profile?.verify_state, key)) throw redirect('/404');
    return null;
  };
}

function sectionRoute(section: ManageSection): RouteObject {
  const sectionTitle = (t: TFunction) => t(manageSectionTitleKey(section.key));
  const intro = (t: TFunction) => t('pageIntro.manage');
  const children: RouteObject[] =
    section.children.length === 0
      ? [{ index: true, lazy: lazyPage(SECTION_PAGES[section.key] ?? comingSoonPage) }]
      : [
          {
            index: true,
            loader: () => redirect(`/manage/${section.key}/${section.children[0] ?? ''}`),
            Component: Redirecting,
          },
          ...section.children.map((child) => ({
            path: child,
            lazy: lazyPage(CHILD_PAGES[`${section.key}/${child}`] ?? comingSoonPage),
            handle: {
              title: (t: TFunction) => `${sectionTitle(t)} · ${t(manageChildTitleKey(child, section.key))}`,
              intro,
            } satisfies RouteHandle,
          })),
        ];
  return {
    path: section.key,
    loader: sectionLoader(section.key),
    handle: { title: sectionTitle, intro } satisfies RouteHandle,
    children,
  };
}

const pageRoutes: RouteObject[] = [
  { index: true, loader: () => redirect('/start'), Component: Redirecting },
  ...Object.entries(PUBLIC_PAGES).map(([path, spec]) => pageRoute(path, spec)),
  ...Object.entries(WHITE_LIST_PAGES).map(([path, spec]) => pageRoute(path, spec)),
  {
    path: 'account',
    lazy: async () => {
      const [module] = await Promise.all([import('./layouts/account-layout.tsx'), loadPageStrings()]);
      return { Component: module.AccountLayout };
    },
    handle: { title: (t) => t('pages.account'), footer: false } satisfies RouteHandle,
    children: [
      { index: true, loader: () => redirect('/account/individual'), Component: Redirecting },
      ...Object.entries(ACCOUNT_PAGES).map(([path, spec]) => pageRoute(path, spec)),
      // Beyond spec §2's five children: every signed-in user's personal file space (issue 4).
      pageRoute('/files', {
        load: withStrings(() => import('../features/files/routes/personal-files-page.tsx'), filesStrings),
        title: (t) => t('accountArea.menu.files'),
      }),
      // Every signed-in user's notebooks (issue 12, DESIGN §12).
      pageRoute('/notebooks', {
        load: withStrings(() => import('../features/notebooks/routes/my-notebooks-page.tsx'), notebooksStrings),
        title: (t) => t('accountArea.menu.notebooks'),
        pageStrings: false,
      }),
      // Every signed-in user's notifications and WeChat switches (issue 13).
      pageRoute('/notifications', {
        load: withStrings(
          () => import('../features/notifications/routes/notifications-page.tsx'),
          notificationsStrings,
        ),
        title: (t) => t('accountArea.menu.notifications'),
      }),
    ],
  },
  { path: 'center', loader: () => redirect('/firstmeet'), Component: Redirecting },
  // The notebook editor and a delivered notebook (issue 12), for signed-in users (root guard).
  pageRoute('/notebooks/deliverable/:id', {
    load: withStrings(() => import('../features/notebooks/routes/deliverable-page.tsx'), notebooksStrings),
    title: (t) => t('pages.notebookDeliverable'),
    footer: false,
    pageStrings: false,
  }),
  pageRoute('/notebooks/:id', {
    load: withStrings(() => import('../features/notebooks/routes/notebook-editor-page.tsx'), notebooksStrings),
    title: (t) => t('pages.notebook'),
    footer: false,
    pageStrings: false,
  }),
  pageRoute('/firstmeet', {
    load: withStrings(() => import('../features/onboarding/routes/firstmeet-page.tsx'), onboardingStrings),
    title: (t) => t('pages.firstmeet'),
  }),
  {
    path: 'manage',
    lazy: async () => {
      const [module] = await Promise.all([manageLayout(), loadPageStrings()]);
      return { Component: module.ManageLayout };
    },
    loader: workspaceLoader,
    handle: { title: (t) => t('pages.manage'), footer: false } satisfies RouteHandle,
    children: [
      {
        index: true,
        Component: Redirecting,
        loader: async ({ request }) => {
          await ensureSession();
          requireSignIn(request);
          const first = sectionsFor(useSession.getState().roles).find((section) => section.menu);
          return redirect(first ? `/manage/${first.key}` : '/404');
        },
      },
      ...MANAGE_SECTIONS.map(sectionRoute),
      // Beyond spec §2's children: the audit log (sys/getLogs), for admins only (issue 3).
      {
        path: 'logs',
        loader: adminLoader,
        lazy: lazyPage(withStrings(() => import('../features/audit-log/routes/logs-page.tsx'), auditLogStrings)),
        handle: { title: (t) => t('auditLog.title') } satisfies RouteHandle,
      },
      // Beyond spec §2: the admins' content manager (issue 11, DESIGN §11).
      {
        path: 'content',
        loader: adminLoader,
        children: [
          { index: true, loader: () => redirect('/manage/content/articles'), Component: Redirecting },
          ...Object.entries(CONTENT_PAGES).map(([path, page]) => ({
            path,
            lazy: lazyPage(page.load),
            handle: {
              title: (t: TFunction) => `${t('contentManager.title')} · ${t(`contentManager.${page.title}`)}`,
            } satisfies RouteHandle,
          })),
        ],
      },
    ],
  },
  { path: '*', loader: () => redirect('/404'), Component: Redirecting },
];

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    loader: rootLoader,
    // The guard must see every navigation, not only those that change the root's params.
    shouldRevalidate: () => true,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    // A pathless boundary inside the layout keeps the navigation usable when a page fails.
    children: [{ ErrorBoundary: RouteError, children: pageRoutes }],
  },
];

function isUnknownPath(pathname: string): boolean {
  const matched = matchRoutes(routes, pathname);
  return !matched || matched[matched.length - 1]?.route.path === '*';
}

/**
 * The session guard (spec §6): signed out → only public and white-listed paths, others go to
 * /signin?redirect=…; signed in → /signin goes to /. Unknown paths fall through to /404.
 */
async function rootLoader({ request }: LoaderFunctionArgs) {
  await ensureSession();
  const url = new URL(request.url);
  const { hasToken } = useSession.getState();
  if (isUnknownPath(url.pathname)) return null;
  if (!hasToken && !isOpenPath(url.pathname)) throw redirect(signInPath(`${url.pathname}${url.search}`));
  if (hasToken && isAuthScreen(url.pathname)) throw redirect('/');
  return null;
}

export const router = createBrowserRouter(routes);
