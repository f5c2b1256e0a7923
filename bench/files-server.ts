import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { insertBenchUser } from './lib.ts';
import { startSession } from '../apps/server/src/modules/user/session.service.ts';

/** The real app with one user whose session token is written to DATA_DIR/bench-token. */
const config = loadConfig();
const { app, ctx } = await buildApp(config);
const userId = await insertBenchUser(ctx.db, '13900000000');
const { access_token: token } = await startSession(ctx.db, userId);
fs.writeFileSync(path.join(config.dataDir, 'bench-token'), token);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');
