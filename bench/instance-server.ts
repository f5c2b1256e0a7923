import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

/**
 * One more API instance over a database a seeding bench server (bench/*-server.ts) has filled: the
 * real app built from the environment, without seeding, as a further node of a deployment runs it
 * (bench/cluster.ts). Sessions are in the database, so the seeder's tokens work here as well.
 */
const { app } = await buildApp(loadConfig());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');
