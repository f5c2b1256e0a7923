import { sql, type Kysely } from 'kysely';

/**
 * To-dos and notifications carry their web path (DESIGN §19): the module that opens one knows where
 * it is done (`<module>.links.ts`), so the browser no longer works it out with API calls. Rows
 * written before get their path here, by SQL per target type, the way the web decided it then (the
 * reader's side from their roles, a solution's or an answer's project from its row). A row whose
 * object is gone gets the list it is shown in. The empty default is what an instance of the previous
 * version writes during a rolling upgrade; the presenters show those lists for it too.
 * One column per ALTER: SQLite adds a single column per statement.
 */

const id = (column: string) => `cast(${column} as text)`;

/** Whether the user `column` names holds `role`. */
const holds = (column: string, role: string) =>
  `exists (select 1 from user_roles r where r.user_id = ${column} and r.role = '${role}')`;

/** A research project's phases for `user` (the section their roles open; an owner's custom subject opens as theirs). */
const phasesPath = (user: string) => `case
  when p.kind = 'subject' and ${holds(user, 'Specialist')} then
    case when p.owner_user_id = ${user} then '/manage/subjectManageS/customSubjectDetail?id='
         else '/manage/subjectManageS/detail?id=' end || ${id('p.id')} || '&tab=phases'
  when p.kind = 'subject' then '/manage/subjectManage/planOutcomeDetail/' || ${id('p.id')}
  when ${holds(user, 'Student')} then '/manage/directionManageStu/detail?id=' || ${id('p.id')} || '&tab=phases'
  else '/manage/directionManage/planOutcomeDetail/' || ${id('p.id')} end`;

/** A research project's detail for its owner: an institute's subject, a specialist's custom subject or direction. */
const ownerProjectPath = `case
  when p.kind = 'direction' then '/manage/directionManage/detail/' || ${id('p.id')}
  when p.owner_org_id is not null then '/manage/subjectManage/detail/' || ${id('p.id')}
  else '/manage/subjectManageS/customSubjectDetail?id=' || ${id('p.id')} end`;

/** The project of the membership a row is about. */
const memberProject = (table: string) =>
  `from research_members m join research_projects p on p.id = m.project_id where m.id = ${table}.target_id`;
const phaseProject = (table: string) =>
  `from research_phases ph join research_projects p on p.id = ph.project_id where ph.id = ${table}.target_id`;

/** `update <table> set path = <expr> where <condition>`; a subquery that finds nothing leaves it empty. */
async function setPath(db: Kysely<unknown>, table: string, path: string, where: string): Promise<void> {
  await sql.raw(`update ${table} set path = coalesce((${path}), '') where ${where}`).execute(db);
}

const TODO_PATHS: readonly [path: string, where: string][] = [
  [`'/manage/todoList?tab=reviews&review=' || ${id('target_id')}`, `target_type = 'certification'`],
  [`'/manage/todoList?tab=members'`, `target_type = 'member_claim'`],
  [`'/manage/demandManage/detail/' || ${id('target_id')}`, `target_type = 'demand'`],
  [
    `select '/manage/demandManage/detail/' || ${id('s.demand_id')} from solutions s where s.id = todos.target_id`,
    `target_type = 'solution' and kind = 'solutionReview'`,
  ],
  [`'/manage/solutions?id=' || ${id('target_id')}`, `target_type = 'solution' and kind <> 'solutionReview'`],
  [
    `select case when c.institute_user_id = todos.assignee_user_id then '/manage/demandManageRI/detail/'
       else '/manage/demandManage/detail/' end || ${id('c.demand_id')} || '#cooperation'
     from cooperations c where c.id = todos.target_id`,
    `target_type = 'cooperation'`,
  ],
  [`'/manage/willManageE/detail/' || ${id('target_id')}`, `target_type = 'cooperate_wish'`],
  [
    `select '/manage/employment/detail/' || ${id('a.job_id')} from job_applications a where a.id = todos.target_id`,
    `target_type = 'job_application' and kind = 'jobApplication'`,
  ],
  [`'/manage/myJob'`, `target_type = 'job_application' and kind <> 'jobApplication'`],
  [
    `select case when p.kind = 'subject' then '/manage/subjectsPool/detail/' else '/manage/directionsPool/detail/' end
       || ${id('p.id')} ${memberProject('todos')}`,
    `target_type = 'research_member' and kind = 'researchInvite'`,
  ],
  [
    `select ${ownerProjectPath} ${memberProject('todos')}`,
    `target_type = 'research_member' and kind <> 'researchInvite'`,
  ],
  [`select ${phasesPath('todos.assignee_user_id')} ${phaseProject('todos')}`, `target_type = 'research_phase'`],
  [`'/manage/researchQuestions?question=' || ${id('target_id')}`, `target_type = 'research_question'`],
  [
    `select case when ${holds('todos.assignee_user_id', 'Student')}
       then '/manage/directionManageStu/detail?id=' || ${id('q.project_id')} || '&tab=questions&question=' || ${id('q.id')}
       else '/manage/directionManage/detail/' || ${id('q.project_id')} || '?tab=questions&question=' || ${id('q.id')} end
     from research_answers a join research_questions q on q.id = a.question_id where a.id = todos.target_id`,
    `target_type = 'research_answer'`,
  ],
  [`'/manage/content/consultations'`, `target_type = 'consultation'`],
  [`'/manage/content/contributions'`, `target_type = 'notebook' and kind = 'notebookContribution'`],
  [`'/notebooks/' || ${id('target_id')}`, `target_type = 'notebook' and kind <> 'notebookContribution'`],
];

const demandSide = `case when ${holds('notifications.user_id', 'Enterprise')} then '/manage/demandManage/detail/'
  else '/manage/demandManageRI/detail/' end`;

const NOTIFICATION_PATHS: readonly [path: string, where: string][] = [
  [
    `case when params like '%"role":"Enterprise"%' or params like '%"role":"ResearchInstitute"%'
       then '/account/institute-authentication' else '/account/individual-authentication' end`,
    `kind in ('certificationApproved', 'certificationRejected', 'memberClaimApproved', 'memberClaimRejected')`,
  ],
  [`${demandSide} || ${id('target_id')}`, `kind in ('demandApproved', 'demandRejected')`],
  [
    `select ${demandSide} || ${id('s.demand_id')} from solutions s where s.id = notifications.target_id`,
    `kind = 'solutionReceived'`,
  ],
  [`'/manage/solutions?id=' || ${id('target_id')}`, `kind in ('solutionAccepted', 'solutionDeclined')`],
  [`'/manage/myJob'`, `kind in ('applicationMoved', 'applicationRejected')`],
  [`'/manage/todoList?tab=members'`, `kind = 'memberJoined'`],
  [`select ${ownerProjectPath} ${memberProject('notifications')}`, `kind = 'researchMemberJoined'`],
  [
    `select case
       when p.kind = 'direction' and ${holds('notifications.user_id', 'Student')}
         then '/manage/directionManageStu/detail?id=' || ${id('p.id')}
       when p.kind = 'direction' then '/manage/directionsPool/detail/' || ${id('p.id')}
       when ${holds('notifications.user_id', 'Specialist')} then '/manage/subjectManageS/detail?id=' || ${id('p.id')}
       else '/manage/subjectsPool/detail/' || ${id('p.id')} end ${memberProject('notifications')}`,
    `kind = 'researchApplyApproved'`,
  ],
  [
    `select case when p.kind = 'subject' then '/manage/subjectsPool/detail/' else '/manage/directionsPool/detail/' end
       || ${id('p.id')} ${memberProject('notifications')}`,
    `kind = 'researchApplyRefused'`,
  ],
  [`'/manage/willManageE/detail/' || ${id('target_id')}`, `kind = 'wishResponded'`],
  [`select ${phasesPath('notifications.user_id')} ${phaseProject('notifications')}`, `kind = 'phaseReviewed'`],
  [`'/notebooks/' || ${id('target_id')}`, `kind in ('notebookAccepted', 'notebookRejected')`],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['todos', 'notifications'])
    await db.schema
      .alterTable(table)
      .addColumn('path', 'varchar(300)', (col) => col.notNull().defaultTo(''))
      .execute();
  for (const [path, where] of TODO_PATHS) await setPath(db, 'todos', path, where);
  for (const [path, where] of NOTIFICATION_PATHS) await setPath(db, 'notifications', path, where);
  // What the page of each list shows when nothing better is known (an object deleted since).
  await sql`update todos set path = '/manage/todoList' where path = ''`.execute(db);
  await sql`update notifications set path = '/account/notifications' where path = ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('path').execute();
  await db.schema.alterTable('todos').dropColumn('path').execute();
}
