import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Notebooks (issue 12, DESIGN §12): admin-managed categories, the notebooks themselves (the
 * owner's editable `content` with its optimistic `version`, and the `published` snapshot readers
 * see), their attachments (`stored_files` rows of purpose `notebook_attachment`) and the frozen
 * copies delivered to a solution or a research phase (`notebook_deliverables`). Covers are
 * `stored_files` rows of purpose `notebook_image`. A category in use cannot be deleted: the
 * foreign key holds even when a save races the delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notebook_categories'))
    .addColumn('name_zh_cn', 'varchar(40)', notNull)
    .addColumn('name_zh_hk', 'varchar(40)', notNull)
    .addColumn('name_en', 'varchar(80)', notNull)
    .addColumn('cover_file_id', 'integer')
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('notebooks'))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('description', 'varchar(1000)')
    .addColumn('category_id', 'integer', (col) => col.references('notebook_categories.id'))
    .addColumn('cover_file_id', 'integer')
    .addColumn('content', 'text', notNull)
    .addColumn('cells', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rev', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('contribution', 'varchar(20)', notNull)
    .addColumn('reject_reason', 'varchar(600)')
    .addColumn('published', 'text')
    .addColumn('published_cells', 'integer')
    .addColumn('published_at', 'varchar(30)')
    .addColumn('contributed_at', 'varchar(30)')
    .addColumn('accepted_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('notebooks_owner').on('notebooks').columns(['owner_id', 'updated_at', 'id']).execute();
  await db.schema
    .createIndex('notebooks_contribution')
    .on('notebooks')
    .columns(['contribution', 'accepted_at', 'id'])
    .execute();
  await db.schema.createIndex('notebooks_category').on('notebooks').columns(['category_id', 'contribution']).execute();
  await db.schema.createIndex('notebooks_cover').on('notebooks').column('cover_file_id').execute();

  await withId(db, db.schema.createTable('notebook_attachments'))
    .addColumn('notebook_id', 'integer', (col) => col.notNull().references('notebooks.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', notNull)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('size', 'bigint', notNull)
    .addColumn('mime', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('notebook_attachments_notebook')
    .on('notebook_attachments')
    .column('notebook_id')
    .execute();

  await withId(db, db.schema.createTable('notebook_deliverables'))
    .addColumn('notebook_id', 'integer', (col) => col.references('notebooks.id').onDelete('set null'))
    .addColumn('target', 'varchar(20)', notNull)
    .addColumn('target_id', 'integer', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('content', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('notebook_deliverables_target')
    .on('notebook_deliverables')
    .columns(['target', 'target_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notebook_deliverables', 'notebook_attachments', 'notebooks', 'notebook_categories'])
    await db.schema.dropTable(table).execute();
}
