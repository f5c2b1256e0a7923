import { sql, type Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * File spaces (issue 4): a space is a folder tree with an owner and members; nodes are its
 * folders and files (bytes in `stored_files`, from 0001); quotas are kept per holder (a user,
 * an organisation or the platform) and maintained on every change, never summed on read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('file_spaces'))
    .addColumn('kind', 'varchar(30)', notNull)
    // 'personal:12', 'shared_tpl', 'subject:7': makes lazy creation idempotent under races.
    .addColumn('ref_key', 'varchar(80)')
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('owner_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('quota_holder_type', 'varchar(10)', notNull)
    .addColumn('quota_holder_id', 'integer', notNull)
    // The root folder; set right after the space's root node is inserted.
    .addColumn('root_id', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('file_spaces_ref_key').on('file_spaces').column('ref_key').unique().execute();
  await db.schema.createIndex('file_spaces_owner').on('file_spaces').column('owner_user_id').execute();

  await db.schema
    .createTable('file_space_members')
    .addColumn('space_id', 'integer', (col) => col.notNull().references('file_spaces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(10)', notNull)
    .addColumn('granted_by', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('file_space_members_pk', ['space_id', 'user_id'])
    .execute();
  await db.schema.createIndex('file_space_members_user').on('file_space_members').column('user_id').execute();

  await withId(db, db.schema.createTable('file_nodes'))
    .addColumn('space_id', 'integer', (col) => col.notNull().references('file_spaces.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (col) => col.references('file_nodes.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', notNull)
    // Lower-cased name: siblings may not differ only by case (Windows and macOS users expect that).
    .addColumn('name_key', 'varchar(255)', notNull)
    .addColumn('is_dir', 'integer', notNull)
    .addColumn('stored_file_id', 'integer', (col) => col.references('stored_files.id'))
    .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('mime', 'varchar(100)')
    // Materialized path of ids, '/root/…/self/': subtree and ancestor checks without recursion.
    .addColumn('path', 'text', notNull)
    .addColumn('depth', 'integer', notNull)
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addColumn('trashed_at', 'varchar(30)')
    .addColumn('trashed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Every node deleted with one call carries the id of the node the user deleted.
    .addColumn('trash_root_id', 'integer')
    .execute();
  await db.schema
    .createIndex('file_nodes_live_name')
    .on('file_nodes')
    .columns(['parent_id', 'name_key'])
    .unique()
    .where(sql.ref('trashed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('file_nodes_parent')
    .on('file_nodes')
    .columns(['parent_id', 'trashed_at', 'is_dir'])
    .execute();
  await db.schema.createIndex('file_nodes_space_path').on('file_nodes').columns(['space_id', 'path']).execute();
  await db.schema.createIndex('file_nodes_trash').on('file_nodes').columns(['space_id', 'trash_root_id']).execute();
  await db.schema.createIndex('file_nodes_trashed_at').on('file_nodes').column('trashed_at').execute();
  await db.schema.createIndex('file_nodes_stored_file').on('file_nodes').column('stored_file_id').execute();

  await db.schema
    .createTable('file_quotas')
    .addColumn('holder_type', 'varchar(10)', notNull)
    .addColumn('holder_id', 'integer', notNull)
    .addColumn('used_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    // null = the deployment's default for this holder type (env FILES_*_QUOTA_BYTES).
    .addColumn('limit_bytes', 'bigint')
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('file_quotas_pk', ['holder_type', 'holder_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['file_quotas', 'file_nodes', 'file_space_members', 'file_spaces']) {
    await db.schema.dropTable(table).execute();
  }
}
