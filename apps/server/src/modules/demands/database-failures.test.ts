import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { DemandDetail } from '@mathbridge/contracts/demands';
import type { Wish } from '@mathbridge/contracts/wishes';
import { describeApi, useTestApp } from '../../test/harness.ts';
import { pdf, upload } from '../files/files.fixtures.ts';
import { cast, demandForm, get, newDemand, ok, post, wishForm, type Cast } from './demands.fixtures.ts';

/**
 * A database that fails must answer 500 (internal), never pass for a refusal: a 304 would send
 * the user away as if they had no right, a 404 would say their files are gone.
 */
describeApi('database failures in demands and wishes surface as 500', () => {
  const t = useTestApp();
  let c: Cast;
  beforeAll(async () => {
    c = await cast(t());
  });
  const app = () => t().app;

  /** Runs `during` while `table` cannot be read (renamed away), then puts it back. */
  async function withoutTable(table: string, during: () => Promise<void>): Promise<void> {
    const db = t().ctx.db;
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db);
    try {
      await during();
    } finally {
      await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db);
    }
  }

  it('an institute whose organisation cannot be read gets 500 on a wish, not 304', async () => {
    const wish = ok(await post<Wish>(app(), c.enterprise, 'cooperateWish/create', wishForm()), 'create');
    expect((await get(app(), c.institute, `cooperateWish/detail/${wish.id}`)).status).toBe(200);
    await withoutTable('organisations', async () => {
      expect((await get(app(), c.institute, `cooperateWish/detail/${wish.id}`)).status).toBe(500);
      expect((await get(app(), c.institute, 'cooperateWish/openList')).status).toBe(500);
    });
    // Without an organisation of the right kind it is a real 304.
    expect((await get(app(), c.specialist, `cooperateWish/detail/${wish.id}`)).status).toBe(304);
    expect((await get(app(), c.institute, `cooperateWish/detail/${wish.id}`)).status).toBe(200);
  });

  it('a download whose files cannot be read gets 500, not "no files"', async () => {
    const saved = await newDemand(app(), c);
    const file = await upload(app(), c.enterprise.token, 'data.pdf', pdf(1000), {
      space_id: saved.full?.space_id ?? 0,
      profile: 'document',
    });
    ok(
      await post<DemandDetail>(
        app(),
        c.enterprise,
        'demand/save',
        demandForm({ id: saved.demand.id, attachments: [file.result?.id], commit: 1 }),
      ),
      'save',
    );
    expect((await post(app(), c.enterprise, 'demand/download', { id: saved.demand.id })).status).toBe(200);
    await withoutTable('file_nodes', async () => {
      expect((await post(app(), c.enterprise, 'demand/download', { id: saved.demand.id })).status).toBe(500);
    });
    expect((await post(app(), c.enterprise, 'demand/download', { id: saved.demand.id })).status).toBe(200);
  });
});
