import { sql, type Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Identity certification, organisations, memberships, invitations, to-dos and surveys (issue 3).
 * Statuses are small integers: 0 pending, 1 approved, 2 rejected, 3 withdrawn.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('organisations'))
    .addColumn('type', 'varchar(30)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('credit_code', 'varchar(18)', notNull)
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('status', 'integer', notNull)
    .addColumn('licence_file_id', 'integer', (col) => col.references('stored_files.id'))
    .addColumn('logo_key', 'varchar(200)')
    .addColumn('address', 'varchar(400)', notNull)
    .addColumn('province_code', 'varchar(4)', notNull)
    .addColumn('city_code', 'varchar(4)')
    .addColumn('website', 'varchar(200)')
    .addColumn('business_scope', 'text', notNull)
    .addColumn('industry', 'varchar(2)')
    .addColumn('research_fields', 'varchar(40)', (col) => col.notNull().defaultTo(''))
    .addColumn('application_description', 'text', notNull)
    .addColumn('introduction', 'text')
    .addColumn('contact', 'varchar(60)', notNull)
    .addColumn('contact_phone', 'varchar(20)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('verified_at', 'varchar(30)')
    .execute();
  // One organisation per owner; one live (pending or certified) organisation per credit code.
  await db.schema.createIndex('organisations_owner').on('organisations').column('owner_id').unique().execute();
  await db.schema
    .createIndex('organisations_credit_code_live')
    .on('organisations')
    .column('credit_code')
    .unique()
    .where(sql.ref('status'), 'in', sql`(0, 1)`)
    .execute();
  await db.schema.createIndex('organisations_status').on('organisations').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('certifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(30)', notNull)
    .addColumn('source', 'varchar(20)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('org_id', 'integer', (col) => col.references('organisations.id'))
    .addColumn('data', 'text', notNull)
    .addColumn('reason', 'varchar(400)')
    .addColumn('reviewer_id', 'integer', (col) => col.references('users.id'))
    .addColumn('submitted_at', 'varchar(30)', notNull)
    .addColumn('reviewed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('certifications_status').on('certifications').columns(['status', 'id']).execute();
  await db.schema.createIndex('certifications_user').on('certifications').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('org_members'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(30)')
    .addColumn('source', 'varchar(20)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('certification_id', 'integer', (col) => col.references('certifications.id'))
    .addColumn('invitation_id', 'varchar(64)')
    .addColumn('details', 'text', notNull)
    .addColumn('reason', 'varchar(400)')
    .addColumn('reviewer_id', 'integer', (col) => col.references('users.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('reviewed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('org_members_org').on('org_members').columns(['org_id', 'status', 'id']).execute();
  await db.schema.createIndex('org_members_user').on('org_members').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('inviter_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('status', 'integer', notNull)
    .addColumn('accepted_by', 'integer', (col) => col.references('users.id'))
    .addColumn('accepted_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('invitations_org').on('invitations').columns(['org_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('todos'))
    .addColumn('kind', 'varchar(40)', notNull)
    .addColumn('assignee_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('assignee_role', 'varchar(30)')
    .addColumn('target_type', 'varchar(40)', notNull)
    .addColumn('target_id', 'integer', notNull)
    .addColumn('params', 'text', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('closed_by', 'integer', (col) => col.references('users.id'))
    .execute();
  await db.schema.createIndex('todos_user').on('todos').columns(['assignee_user_id', 'status', 'id']).execute();
  await db.schema.createIndex('todos_role').on('todos').columns(['assignee_role', 'status', 'id']).execute();
  await db.schema.createIndex('todos_target').on('todos').columns(['target_type', 'target_id']).execute();

  await db.schema
    .createTable('surveys')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('direction', 'varchar(400)', notNull)
    .addColumn('after_graduation', 'varchar(30)', notNull)
    .addColumn('plans', 'text', notNull)
    .addColumn('time_investment', 'varchar(20)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await db.schema.createIndex('audit_logs_action').on('audit_logs').columns(['action', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_logs_action').execute();
  for (const table of ['surveys', 'todos', 'invitations', 'org_members', 'certifications', 'organisations']) {
    await db.schema.dropTable(table).execute();
  }
}
