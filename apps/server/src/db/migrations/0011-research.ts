import { sql, type Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Research projects (issue 10, DESIGN §9): subjects and directions are one engine, `kind`
 * 'subject' | 'direction'. The whole engine's tables are created here so later work (phases,
 * outcomes, research questions) needs no redesign. Lists never count per request: a project keeps
 * its `member_count`, raised and lowered by guarded updates in the transaction that moves a
 * membership. Timestamps are ISO text, flags 0/1, as elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('research_projects'))
    .addColumn('kind', 'varchar(10)', notNull)
    // A subject of a research institute has its organisation; a specialist's custom subject and
    // every direction have none. owner_user_id acts for the project (and the org's owner, if any).
    .addColumn('owner_org_id', 'integer', (col) => col.references('organisations.id'))
    .addColumn('owner_user_id', 'integer', (col) => col.notNull().references('users.id'))
    // The certified organisation or real name, copied so lists need no join across modules.
    .addColumn('owner_name', 'varchar(100)', notNull)
    // A direction under a subject its owner belongs to.
    .addColumn('parent_id', 'integer', (col) => col.references('research_projects.id'))
    // A subject started from an accepted solution keeps the chain demand → solution → subject.
    .addColumn('solution_id', 'integer', (col) => col.references('solutions.id'))
    .addColumn('demand_id', 'integer', (col) => col.references('demands.id'))
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('summary', 'text', notNull)
    // Markdown + KaTeX; hidden from joiners of a confidential project until they accept the NDA.
    .addColumn('description', 'text', notNull)
    // MSC 2020 codes, comma-separated; research_project_fields holds them one per row for filters.
    .addColumn('msc_fields', 'varchar(20)', notNull)
    .addColumn('publish_range', 'varchar(10)', notNull)
    .addColumn('headcount', 'integer', notNull)
    .addColumn('member_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('apply_deadline', 'varchar(10)')
    .addColumn('confidential', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('space_id', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('published_at', 'varchar(30)')
    .addColumn('started_at', 'varchar(30)')
    .addColumn('ended_at', 'varchar(30)')
    .addCheckConstraint('research_projects_count', sql`member_count >= 0 and member_count <= headcount`)
    .execute();
  // The owner's list (org or user), newest change first; the pool by kind in publication order.
  await db.schema
    .createIndex('research_projects_org')
    .on('research_projects')
    .columns(['kind', 'owner_org_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('research_projects_user')
    .on('research_projects')
    .columns(['kind', 'owner_user_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('research_projects_pool')
    .on('research_projects')
    .columns(['kind', 'status', 'published_at', 'id'])
    .execute();
  await db.schema.createIndex('research_projects_solution').on('research_projects').column('solution_id').execute();
  await db.schema.createIndex('research_projects_parent').on('research_projects').column('parent_id').execute();

  // One row per MSC code, with kind/status/published_at copied so the MSC filter and
  // 'recommended' read one index in pool order.
  await db.schema
    .createTable('research_project_fields')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('research_projects.id').onDelete('cascade'))
    .addColumn('code', 'varchar(2)', notNull)
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('published_at', 'varchar(30)')
    .addPrimaryKeyConstraint('research_project_fields_pk', ['project_id', 'code'])
    .execute();
  await db.schema
    .createIndex('research_project_fields_pool')
    .on('research_project_fields')
    .columns(['kind', 'status', 'code', 'published_at', 'project_id'])
    .execute();

  // Designated users of a group-range project: only they see it in the pool.
  await db.schema
    .createTable('research_designees')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('research_projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addPrimaryKeyConstraint('research_designees_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('research_designees_user')
    .on('research_designees')
    .columns(['user_id', 'project_id'])
    .execute();

  // Memberships: applied → member | refused; invited → member | declined; member → left | removed.
  await withId(db, db.schema.createTable('research_members'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('research_projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('user_name', 'varchar(100)', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('note', 'text')
    .addColumn('reason', 'text')
    // contracts RESEARCH_PERMISSIONS, comma-separated.
    .addColumn('permissions', 'varchar(100)', (col) => col.notNull().defaultTo(''))
    .addColumn('nda_accepted_at', 'varchar(30)')
    .addColumn('invited_by', 'integer', (col) => col.references('users.id'))
    .addColumn('decided_by', 'integer', (col) => col.references('users.id'))
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  // At most one open membership (applied, invited or member) per user and project.
  await sql`create unique index research_members_one_open on research_members (project_id, user_id)
            where status in ('applied', 'invited', 'member')`.execute(db);
  await db.schema
    .createIndex('research_members_project')
    .on('research_members')
    .columns(['project_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('research_members_user')
    .on('research_members')
    .columns(['user_id', 'status', 'id'])
    .execute();

  // Phases: planned → submitted → accepted | revision_requested → submitted …
  await withId(db, db.schema.createTable('research_phases'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('research_projects.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('goal', 'text', notNull)
    .addColumn('due_date', 'varchar(10)')
    // User ids, comma-separated.
    .addColumn('assignees', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('research_phases_project')
    .on('research_phases')
    .columns(['project_id', 'position', 'id'])
    .execute();

  // Every outcome submission and review, kept (history): a submission row, then its review.
  await withId(db, db.schema.createTable('research_outcomes'))
    .addColumn('phase_id', 'integer', (col) => col.notNull().references('research_phases.id').onDelete('cascade'))
    .addColumn('submitted_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('content', 'text', notNull)
    // File node ids (JSON array) in the project's space.
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    // 'submitted' | 'accepted' | 'revision_requested'.
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('review_comment', 'text')
    .addColumn('reviewed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('research_outcomes_phase').on('research_outcomes').columns(['phase_id', 'id']).execute();

  // Research questions a direction's owner poses to its students, and their answers (history kept).
  await withId(db, db.schema.createTable('research_questions'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('research_projects.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('statement', 'text', notNull)
    .addColumn('due_date', 'varchar(10)')
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('research_questions_project')
    .on('research_questions')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema
    .createTable('research_question_assignees')
    .addColumn('question_id', 'integer', (col) => col.notNull().references('research_questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    // 'assigned' | 'answered' | 'accepted' | 'returned'.
    .addColumn('status', 'varchar(12)', notNull)
    .addPrimaryKeyConstraint('research_question_assignees_pk', ['question_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('research_question_assignees_user')
    .on('research_question_assignees')
    .columns(['user_id', 'question_id'])
    .execute();
  await withId(db, db.schema.createTable('research_answers'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('research_questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('content', 'text', notNull)
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    // 'submitted' | 'accepted' | 'returned'.
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('review_comment', 'text')
    .addColumn('reviewed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('research_answers_question')
    .on('research_answers')
    .columns(['question_id', 'user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'research_answers',
    'research_question_assignees',
    'research_questions',
    'research_outcomes',
    'research_phases',
    'research_members',
    'research_designees',
    'research_project_fields',
    'research_projects',
  ])
    await db.schema.dropTable(table).execute();
}
