import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createFirstAdmin } from './modules/user/admin.service.ts';

/** `npm start`: migrate, make the first admin on first start, listen. */
const config = loadConfig();
const { app, ctx } = await buildApp(config);

// Several instances starting at once over one database make one admin, printed by one of them.
const admin = await createFirstAdmin(ctx.db, config.adminPhone);
if (admin) {
  const line = '='.repeat(64);
  // Printed once, on stdout rather than the log, so it is never shipped to log storage.
  process.stdout.write(
    `\n${line}\nFirst start: created the administrator account\n  phone:    ${admin.phone}\n  password: ${admin.password}\n` +
      `Sign in at http://localhost:${config.port}/signin and change the password.\n` +
      `Reset it any time with: npm run admin -- --phone ${admin.phone}\n${line}\n\n`,
  );
}

/**
 * Graceful shutdown (SIGTERM from an orchestrator, Ctrl-C): readiness answers 503 at once, the
 * server takes no new connections (a request on a kept-alive one gets 503), requests in flight
 * finish, background jobs stop, then the database pool, the limiter and the storage close. Past
 * SHUTDOWN_GRACE_MS, or on a second signal, it exits at once with code 1.
 */
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    app.draining = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    setTimeout(() => {
      app.log.error({ graceMs: config.shutdownGraceMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`MathBridge is serving http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
