import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { nowIso } from '../apps/server/src/lib/time.ts';
import { newUserRow } from '../apps/server/src/modules/user/user.repository.ts';

/** The real app with USERS accounts whose password is 'bench-password'. */
const users = Number(process.env.USERS ?? 100);
const { app, ctx } = await buildApp(loadConfig());
const passwordHash = await hashPassword('bench-password');
const now = nowIso();
for (let i = 0; i < users; i += 1) {
  await ctx.db
    .insertInto('users')
    .values(
      newUserRow({ phone: `1390000${String(i).padStart(4, '0')}`, password_hash: passwordHash, account: `u${i}` }, now),
    )
    .execute();
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');
