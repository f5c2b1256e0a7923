import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Demands, solutions, cooperations and cooperation wishes (issue 5). Lists never count rows per
 * request (DESIGN §8): `cooperation_counts` keeps per-organisation and global (org 0) totals by
 * status, updated in the transaction of every transition; the published list pages by keyset.
 * Every list query has an index that serves both its filter and its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('demands'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    // The certified name (fixed after review), copied so lists need no join across modules.
    .addColumn('org_name', 'varchar(100)', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('industry', 'varchar(4)', notNull)
    .addColumn('summary', 'text', notNull)
    .addColumn('problem', 'text', notNull)
    .addColumn('expected_outcome', 'text', notNull)
    .addColumn('available_data', 'text')
    .addColumn('budget_min', 'integer', notNull)
    .addColumn('budget_max', 'integer', notNull)
    .addColumn('deadline', 'varchar(10)', notNull)
    .addColumn('province_code', 'varchar(4)', notNull)
    .addColumn('city_code', 'varchar(4)')
    // MSC 2020 codes, comma-separated; demand_fields holds them one per row for filters.
    .addColumn('msc_fields', 'varchar(20)', notNull)
    .addColumn('nda_required', 'integer', (col) => col.notNull().defaultTo(0))
    // File node ids (JSON array) in the demand's space.
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('contact', 'varchar(30)', notNull)
    .addColumn('contact_phone', 'varchar(20)', notNull)
    .addColumn('space_id', 'integer')
    .addColumn('reject_reason', 'text')
    .addColumn('reviewer_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('solution_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('receive_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('submitted_at', 'varchar(30)')
    .addColumn('reviewed_at', 'varchar(30)')
    .addColumn('published_at', 'varchar(30)')
    .addColumn('ended_at', 'varchar(30)')
    .execute();
  // The enterprise's own list (all / by status) and the admins' list, newest change first.
  await db.schema.createIndex('demands_org_updated').on('demands').columns(['org_id', 'updated_at', 'id']).execute();
  await db.schema
    .createIndex('demands_org_status_updated')
    .on('demands')
    .columns(['org_id', 'status', 'updated_at', 'id'])
    .execute();
  await db.schema.createIndex('demands_status_updated').on('demands').columns(['status', 'updated_at', 'id']).execute();
  // The published list: keyset (sort key, id) per sort, and per equality filter.
  await db.schema
    .createIndex('demands_status_published')
    .on('demands')
    .columns(['status', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('demands_status_industry_published')
    .on('demands')
    .columns(['status', 'industry', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('demands_status_province_published')
    .on('demands')
    .columns(['status', 'province_code', 'published_at', 'id'])
    .execute();
  await db.schema.createIndex('demands_status_deadline').on('demands').columns(['status', 'deadline', 'id']).execute();
  await db.schema.createIndex('demands_status_budget').on('demands').columns(['status', 'budget_max', 'id']).execute();

  // One row per MSC code of a demand, with the demand's status and publication time copied so
  // the field filter and 'recommended for you' read one index in list order.
  await db.schema
    .createTable('demand_fields')
    .addColumn('demand_id', 'integer', (col) => col.notNull().references('demands.id').onDelete('cascade'))
    .addColumn('code', 'varchar(2)', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('published_at', 'varchar(30)')
    .addPrimaryKeyConstraint('demand_fields_pk', ['demand_id', 'code'])
    .execute();
  await db.schema
    .createIndex('demand_fields_code_published')
    .on('demand_fields')
    .columns(['code', 'status', 'published_at', 'demand_id'])
    .execute();

  // An institute received a demand (and accepted its confidentiality agreement when required).
  await db.schema
    .createTable('demand_receipts')
    .addColumn('demand_id', 'integer', (col) => col.notNull().references('demands.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('nda_accepted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('received_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('demand_receipts_pk', ['demand_id', 'org_id'])
    .execute();
  await db.schema.createIndex('demand_receipts_org').on('demand_receipts').columns(['org_id', 'received_at']).execute();

  await withId(db, db.schema.createTable('solutions'))
    .addColumn('demand_id', 'integer', (col) => col.notNull().references('demands.id'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('org_name', 'varchar(100)', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('approach', 'text', notNull)
    .addColumn('team', 'text', notNull)
    .addColumn('timeline', 'text', notNull)
    .addColumn('cost_estimate', 'integer', notNull)
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('space_id', 'integer')
    .addColumn('decline_reason', 'varchar(20)')
    .addColumn('decline_text', 'text')
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('submitted_at', 'varchar(30)')
    .addColumn('decided_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('solutions_org_updated')
    .on('solutions')
    .columns(['org_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('solutions_org_status_updated')
    .on('solutions')
    .columns(['org_id', 'status', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('solutions_demand_status')
    .on('solutions')
    .columns(['demand_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('solutions_demand_org').on('solutions').columns(['demand_id', 'org_id']).execute();

  // The cooperation an accepted solution starts; one per demand.
  await withId(db, db.schema.createTable('cooperations'))
    .addColumn('demand_id', 'integer', (col) => col.notNull().references('demands.id'))
    .addColumn('solution_id', 'integer', (col) => col.notNull().references('solutions.id'))
    .addColumn('enterprise_org_id', 'integer', notNull)
    .addColumn('institute_org_id', 'integer', notNull)
    .addColumn('enterprise_name', 'varchar(100)', notNull)
    .addColumn('institute_name', 'varchar(100)', notNull)
    .addColumn('enterprise_user_id', 'integer', notNull)
    .addColumn('institute_user_id', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('cooperations_demand').on('cooperations').column('demand_id').unique().execute();
  await db.schema
    .createIndex('cooperations_enterprise')
    .on('cooperations')
    .columns(['enterprise_org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('cooperations_institute')
    .on('cooperations')
    .columns(['institute_org_id', 'created_at'])
    .execute();

  // Maintained totals: scope 'demand' | 'solution' | 'wish', org 0 = the whole platform.
  await db.schema
    .createTable('cooperation_counts')
    .addColumn('scope', 'varchar(10)', notNull)
    .addColumn('org_id', 'integer', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('n', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cooperation_counts_pk', ['scope', 'org_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('cooperate_wishes'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('org_name', 'varchar(100)', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('title', 'varchar(100)', notNull)
    .addColumn('msc_fields', 'varchar(20)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('partner_type', 'varchar(30)', notNull)
    .addColumn('duration', 'varchar(30)', notNull)
    .addColumn('contact', 'varchar(30)', notNull)
    .addColumn('contact_phone', 'varchar(20)', notNull)
    .addColumn('response_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('closed_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('cooperate_wishes_org_created')
    .on('cooperate_wishes')
    .columns(['org_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('cooperate_wishes_org_status_created')
    .on('cooperate_wishes')
    .columns(['org_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('cooperate_wishes_status_created')
    .on('cooperate_wishes')
    .columns(['status', 'created_at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('wish_responses'))
    .addColumn('wish_id', 'integer', (col) => col.notNull().references('cooperate_wishes.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (col) => col.notNull().references('organisations.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('org_name', 'varchar(100)', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('contact', 'varchar(30)', notNull)
    .addColumn('contact_phone', 'varchar(20)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('wish_responses_wish_org')
    .on('wish_responses')
    .columns(['wish_id', 'org_id'])
    .unique()
    .execute();
  await db.schema.createIndex('wish_responses_wish_id').on('wish_responses').columns(['wish_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'wish_responses',
    'cooperate_wishes',
    'cooperation_counts',
    'cooperations',
    'solutions',
    'demand_receipts',
    'demand_fields',
    'demands',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
