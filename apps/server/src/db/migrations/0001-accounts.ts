import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/** Accounts, sessions, verification codes, rate limits, contacts, audit log, stored files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('account', 'varchar(60)', notNull)
    .addColumn('truename', 'varchar(60)')
    .addColumn('email', 'varchar(120)')
    .addColumn('contact', 'varchar(60)')
    .addColumn('contact_phone', 'varchar(20)')
    .addColumn('avatar_key', 'varchar(200)')
    .addColumn('verify_state', 'integer')
    .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('users_phone_unique').on('users').column('phone').unique().execute();
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .column('email')
    .unique()
    .where('email', 'is not', null)
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(30)', notNull)
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await db.schema.createIndex('user_roles_role').on('user_roles').column('role').execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('ended_at', 'varchar(30)')
    .addColumn('end_reason', 'varchar(20)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sessions_token_hash').on('sessions').column('token_hash').unique().execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'ended_at']).execute();

  await withId(db, db.schema.createTable('verify_codes'))
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('scene', 'varchar(20)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('ip', 'varchar(64)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('consumed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('verify_codes_phone').on('verify_codes').columns(['phone', 'created_at']).execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('channel', 'varchar(20)', notNull)
    .addColumn('recipient', 'varchar(120)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('code', 'varchar(20)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('count', 'integer', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('rate_limits_expires').on('rate_limits').column('expires_at').execute();

  await withId(db, db.schema.createTable('contacts'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', notNull)
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('email', 'varchar(120)')
    .addColumn('position', 'varchar(60)')
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('contacts_user').on('contacts').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('audit_logs'))
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'varchar(60)', notNull)
    .addColumn('target_type', 'varchar(40)')
    .addColumn('target_id', 'varchar(40)')
    .addColumn('detail', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('audit_logs_created').on('audit_logs').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_logs_actor').on('audit_logs').columns(['actor_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('stored_files'))
    .addColumn('storage_key', 'varchar(200)', notNull)
    .addColumn('original_name', 'varchar(255)', notNull)
    .addColumn('mime', 'varchar(100)', notNull)
    .addColumn('size', 'bigint', notNull)
    .addColumn('sha256', 'varchar(64)', notNull)
    .addColumn('owner_id', 'integer')
    .addColumn('purpose', 'varchar(40)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('stored_files_key').on('stored_files').column('storage_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'stored_files',
    'audit_logs',
    'contacts',
    'rate_limits',
    'outbox',
    'verify_codes',
    'sessions',
    'user_roles',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
