import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { insertBenchUser } from './lib.ts';
import { startSession } from '../apps/server/src/modules/user/session.service.ts';

/**
 * The real app with its supervised Jupyter Server, one user holding one kernel. What the bench
 * needs to reach it both ways (through the proxy, and straight to Jupyter) is written to
 * DATA_DIR/bench-kernels.json (the bench runs as the same user; the file is 0600).
 */
const config = loadConfig();
const { app, ctx, kernels } = await buildApp(config);
await app.ready();
if (!(await kernels.supervisor.ready())) throw new Error(`Jupyter Server is not running (${kernels.supervisor.state})`);
const userId = await insertBenchUser(ctx.db, '13900000001');
const session = await startSession(ctx.db, userId);
const started = await kernels.start(userId);
// A certified user who starts and stops kernels through the proxy (KERNEL_USERS=verified).
const starterId = await insertBenchUser(ctx.db, '13900000002');
await ctx.db.updateTable('users').set({ verify_state: 1 }).where('id', '=', starterId).execute();
const starter = await startSession(ctx.db, starterId);
const kernelId = (started.body as { id: string }).id;
const endpoint = kernels.supervisor.endpoint();
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
fs.writeFileSync(
  path.join(config.dataDir, 'bench-kernels.json'),
  JSON.stringify({
    token: session.access_token,
    starterToken: starter.access_token,
    kernelId,
    jupyterWs: endpoint?.wsUrl,
    jupyterToken: endpoint?.token,
  }),
  { mode: 0o600 },
);
process.stdout.write('READY\n');

// lib.ts stops bench servers with SIGTERM: close the app, so Jupyter and its folder go too.
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
