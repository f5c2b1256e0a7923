import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { adminExists, createOrResetAdmin } from './modules/user/admin.service.ts';

/** `npm start`: migrate, make the first admin on first start, listen. */
const config = loadConfig();
const { app, ctx } = await buildApp(config);

if (!(await adminExists(ctx.db))) {
  const admin = await createOrResetAdmin(ctx.db, config.adminPhone);
  const line = '='.repeat(64);
  // Printed once, on stdout rather than the log, so it is never shipped to log storage.
  process.stdout.write(
    `\n${line}\nFirst start: created the administrator account\n  phone:    ${admin.phone}\n  password: ${admin.password}\n` +
      `Sign in at http://localhost:${config.port}/signin and change the password.\n` +
      `Reset it any time with: npm run admin -- --phone ${admin.phone}\n${line}\n\n`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`MathBridge is serving http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
