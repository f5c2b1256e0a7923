import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { nowIso } from '../apps/server/src/lib/time.ts';
import { startSession } from '../apps/server/src/modules/user/session.service.ts';

/** The real app with one user whose session token is written to DATA_DIR/bench-token. */
const config = loadConfig();
const { app, ctx } = await buildApp(config);
const now = nowIso();
const user = await ctx.db
  .insertInto('users')
  .values({
    phone: '13900000000',
    password_hash: await hashPassword('bench-password'),
    account: 'bench',
    truename: null,
    email: null,
    contact: null,
    contact_phone: null,
    avatar_key: null,
    verify_state: null,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const { access_token: token } = await startSession(ctx.db, user.id);
fs.writeFileSync(path.join(config.dataDir, 'bench-token'), token);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');
