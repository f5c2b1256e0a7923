import { sql, type Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Jobs and applications (issue 11, DESIGN §10). A job belongs to a certified enterprise or
 * institute (`org_id`); `applicant_count` is maintained with each apply/withdraw so lists never
 * count. Salaries are whole yuan, both null when negotiable. An application names a resume file
 * of the applicant's resume space (files module); its transitions are rows of
 * `job_application_events`. One open (not withdrawn) application per (job, applicant) is held by
 * a partial unique index, which SQLite and PostgreSQL both support.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id'))
    .addColumn('org_name', 'varchar(200)', notNull)
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('employment_type', 'integer', notNull)
    .addColumn('experience', 'integer', notNull)
    .addColumn('negotiable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('salary_min', 'integer')
    .addColumn('salary_max', 'integer')
    .addColumn('degree', 'varchar(20)')
    .addColumn('province_code', 'varchar(4)', notNull)
    .addColumn('city_code', 'varchar(4)')
    .addColumn('headcount', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('deadline', 'varchar(10)', notNull)
    .addColumn('contact', 'varchar(60)', notNull)
    .addColumn('contact_phone', 'varchar(30)', notNull)
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('applicant_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_at', 'varchar(30)')
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('jobs_org_updated').on('jobs').columns(['org_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('jobs_status_published').on('jobs').columns(['status', 'published_at', 'id']).execute();

  await withId(db, db.schema.createTable('job_applications'))
    .addColumn('job_id', 'integer', (col) => col.notNull().references('jobs.id'))
    .addColumn('org_id', 'integer', notNull)
    .addColumn('applicant_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('applicant_name', 'varchar(100)', notNull)
    .addColumn('resume_file_id', 'integer', notNull)
    .addColumn('resume_name', 'varchar(255)', notNull)
    .addColumn('resume_size', 'integer', notNull)
    .addColumn('note', 'varchar(1000)')
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('job_applications_job')
    .on('job_applications')
    .columns(['job_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('job_applications_applicant')
    .on('job_applications')
    .columns(['applicant_id', 'updated_at', 'id'])
    .execute();
  await sql`create unique index job_applications_one_open on job_applications (job_id, applicant_id)
            where status <> 'withdrawn'`.execute(db);

  await withId(db, db.schema.createTable('job_application_events'))
    .addColumn('application_id', 'integer', (col) => col.notNull().references('job_applications.id'))
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', notNull)
    .addColumn('actor_id', 'integer', notNull)
    .addColumn('at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('job_application_events_application')
    .on('job_application_events')
    .columns(['application_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_application_events').execute();
  await db.schema.dropTable('job_applications').execute();
  await db.schema.dropTable('jobs').execute();
}
