import { useLocation } from 'react-router';
import type { ResearchKind } from '@mathbridge/contracts/research';

/**
 * The workspace sections over research projects (spec §2, DESIGN §9). One engine, several faces:
 * each section names its kind, whose projects it lists, and the child routes it has, so every
 * research screen serves all of them and derives its links from here.
 *
 * - `subjectManage` (institutes) and `directionManage` (specialists): the owner's projects, with
 *   `…/detail/:id`, `…/authorityManagement/:id`, `…/planOutcomeDetail/:id` and `…/sharedFile/:id`.
 * - `subjectManageS` (specialists): their custom subjects (`customSubjectDetail?id=`) and the
 *   subjects they joined (`detail?id=`, `sharedFile?id=`); no authority or plan route of its own.
 * - `directionManageStu` (students): the directions they joined (`detail?id=`, `sharedFile?id=`).
 * - `subjectsPool` and `directionsPool`: what the viewer may join (`detail/:id`).
 */
export type ResearchSection =
  'subjectManage' | 'subjectManageS' | 'directionManage' | 'directionManageStu' | 'subjectsPool' | 'directionsPool';

export interface ResearchFace {
  section: ResearchSection;
  kind: ResearchKind;
  /** `/manage/<section>`. */
  base: string;
  /** Whose projects the list shows: own (tabs: own first), joined, or both (own custom + joined). */
  scopes: readonly ('own' | 'joined')[];
  /** The child that creates and edits drafts (`subjectForm` | `directionForm`), when the face may create. */
  form: 'subjectForm' | 'directionForm' | null;
  /** The child that edits a running project. */
  edit: 'subjectEdit' | 'directionEdit' | null;
  /** Whether ids travel in the path (`detail/12`) or in the query (`detail?id=12`). */
  idInPath: boolean;
  pool: boolean;
}

export const RESEARCH_FACES: Record<ResearchSection, ResearchFace> = {
  subjectManage: {
    section: 'subjectManage',
    kind: 'subject',
    base: '/manage/subjectManage',
    scopes: ['own'],
    form: 'subjectForm',
    edit: 'subjectEdit',
    idInPath: true,
    pool: false,
  },
  subjectManageS: {
    section: 'subjectManageS',
    kind: 'subject',
    base: '/manage/subjectManageS',
    scopes: ['own', 'joined'],
    form: 'subjectForm',
    edit: 'subjectEdit',
    idInPath: false,
    pool: false,
  },
  directionManage: {
    section: 'directionManage',
    kind: 'direction',
    base: '/manage/directionManage',
    scopes: ['own'],
    form: 'directionForm',
    edit: 'directionEdit',
    idInPath: true,
    pool: false,
  },
  directionManageStu: {
    section: 'directionManageStu',
    kind: 'direction',
    base: '/manage/directionManageStu',
    scopes: ['joined'],
    form: null,
    edit: null,
    idInPath: false,
    pool: false,
  },
  subjectsPool: {
    section: 'subjectsPool',
    kind: 'subject',
    base: '/manage/subjectsPool',
    scopes: [],
    form: null,
    edit: null,
    idInPath: true,
    pool: true,
  },
  directionsPool: {
    section: 'directionsPool',
    kind: 'direction',
    base: '/manage/directionsPool',
    scopes: [],
    form: null,
    edit: null,
    idInPath: true,
    pool: true,
  },
};

/** The face of the current route (`/manage/<section>/…`); research pages are mounted only under these. */
export function useResearchFace(): ResearchFace {
  const { pathname } = useLocation();
  const section = pathname.split('/')[2] as ResearchSection;
  const face = RESEARCH_FACES[section];
  if (!face) throw new Error(`not a research section: ${pathname}`);
  return face;
}

/** A project's screens; `edit` is the form of a running project (`subjectEdit` | `directionEdit`). */
export type ProjectScreen = 'detail' | 'sharedFile' | 'authorityManagement' | 'planOutcomeDetail' | 'edit';

/** The screens each face routes; a face without one shows it inside the detail page instead. */
const ROUTED: Record<ResearchSection, readonly ProjectScreen[]> = {
  subjectManage: ['detail', 'sharedFile', 'authorityManagement', 'planOutcomeDetail', 'edit'],
  subjectManageS: ['detail', 'sharedFile', 'edit'],
  directionManage: ['detail', 'sharedFile', 'authorityManagement', 'planOutcomeDetail', 'edit'],
  directionManageStu: ['detail', 'sharedFile'],
  subjectsPool: ['detail'],
  directionsPool: ['detail'],
};

export function hasScreen(face: ResearchFace, screen: ProjectScreen): boolean {
  return ROUTED[face.section].includes(screen);
}

/**
 * Where a project's screen is in a face, or null when the face has no route for it. Ids are in the
 * path, or in the query where spec §2 gives the route none (`subjectManageS/detail?id=12`); a
 * specialist's own (custom) subject opens at `customSubjectDetail?id=`. Edit forms always take the id
 * in the path.
 */
export function projectPath(face: ResearchFace, screen: ProjectScreen, id: number, owned = false): string | null {
  if (!hasScreen(face, screen)) return null;
  if (screen === 'edit') return `${face.base}/${face.edit}/${id}`;
  const child = screen === 'detail' && owned && face.section === 'subjectManageS' ? 'customSubjectDetail' : screen;
  return face.idInPath ? `${face.base}/${child}/${id}` : `${face.base}/${child}?id=${id}`;
}

/** The project id of a research page: the route's `:subject_id`-like parameter, or `?id=`. */
export function useProjectId(): number | undefined {
  const { pathname, search } = useLocation();
  const fromPath = Number(pathname.split('/')[4]);
  const raw = Number.isInteger(fromPath) && fromPath > 0 ? fromPath : Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(raw) && raw > 0 ? raw : undefined;
}
