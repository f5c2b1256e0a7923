import { sql, type Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * The public portal's content (issue 11, DESIGN §11): article categories (four seeded system
 * categories), articles with their views kept apart (`content_article_views`, so counting a view
 * never drops the short caches of the article lists), banners, the user manual, the micro-site's
 * pages and the consultation inbox. Files (covers, banner images) are `stored_files` rows of
 * purpose `content_image`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('content_categories'))
    .addColumn('slug', 'varchar(30)', (col) => col.notNull().unique())
    .addColumn('name_zh_cn', 'varchar(40)', notNull)
    .addColumn('name_zh_hk', 'varchar(40)', notNull)
    .addColumn('name_en', 'varchar(80)', notNull)
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('system', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('content_articles'))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('content_categories.id'))
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('summary', 'varchar(600)')
    .addColumn('author', 'varchar(60)')
    .addColumn('cover_file_id', 'integer')
    .addColumn('body', 'text', notNull)
    .addColumn('recommended', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('publish_at', 'varchar(30)')
    .addColumn('created_by', 'integer', notNull)
    .addColumn('updated_by', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  // The public list (newest publication first), per category, the recommended ones, the admin list.
  await db.schema
    .createIndex('content_articles_visible')
    .on('content_articles')
    .columns(['status', 'publish_at', 'id'])
    .execute();
  await db.schema
    .createIndex('content_articles_category')
    .on('content_articles')
    .columns(['category_id', 'status', 'publish_at', 'id'])
    .execute();
  await db.schema
    .createIndex('content_articles_recommended')
    .on('content_articles')
    .columns(['recommended', 'status', 'publish_at', 'id'])
    .execute();
  await db.schema
    .createIndex('content_articles_updated')
    .on('content_articles')
    .columns(['updated_at', 'id'])
    .execute();
  await db.schema.createIndex('content_articles_cover').on('content_articles').column('cover_file_id').execute();

  await db.schema
    .createTable('content_article_views')
    .addColumn('article_id', 'integer', (col) => col.primaryKey().references('content_articles.id').onDelete('cascade'))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('content_banners'))
    .addColumn('title', 'varchar(120)', notNull)
    .addColumn('subtitle', 'varchar(240)')
    .addColumn('image_file_id', 'integer', notNull)
    .addColumn('link', 'varchar(300)')
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('content_banners_image').on('content_banners').column('image_file_id').execute();

  await withId(db, db.schema.createTable('content_manual_pages'))
    .addColumn('audience', 'varchar(30)', notNull)
    .addColumn('title', 'varchar(120)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await db.schema
    .createTable('content_site_pages')
    .addColumn('slug', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('title', 'varchar(120)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('updated_by', 'integer', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('consultations'))
    .addColumn('name', 'varchar(60)', notNull)
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('email', 'varchar(200)')
    .addColumn('organisation', 'varchar(120)')
    .addColumn('topic', 'varchar(20)', notNull)
    .addColumn('content', 'varchar(2000)', notNull)
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('reply_note', 'varchar(2000)')
    .addColumn('handled_by', 'integer', (col) => col.references('users.id'))
    .addColumn('handled_at', 'varchar(30)')
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('consultations_status_created')
    .on('consultations')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('consultations_created').on('consultations').columns(['created_at', 'id']).execute();

  const now = new Date().toISOString();
  const seeded: [slug: string, zhCN: string, zhHK: string, en: string][] = [
    ['news', '新闻动态', '新聞動態', 'News'],
    ['notice', '通知公告', '通知公告', 'Notices'],
    ['industry', '行业资讯', '行業資訊', 'Industry insights'],
    ['forum', '创新论坛', '創新論壇', 'Innovation forum'],
  ];
  for (const [index, [slug, zhCN, zhHK, en]] of seeded.entries()) {
    await sql`insert into content_categories (slug, name_zh_cn, name_zh_hk, name_en, sort, system, created_at, updated_at)
              values (${slug}, ${zhCN}, ${zhHK}, ${en}, ${index * 10}, 1, ${now}, ${now})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'consultations',
    'content_site_pages',
    'content_manual_pages',
    'content_banners',
    'content_article_views',
    'content_articles',
    'content_categories',
  ])
    await db.schema.dropTable(table).execute();
}
