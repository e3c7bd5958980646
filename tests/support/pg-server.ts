import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { TestProject } from 'vitest/node';

/**
 * A PostgreSQL wire-protocol server (PGlite behind pglite-socket, with pgvector)
 * so the integration suite also runs through @prisma/adapter-pg and node-postgres.
 * DATABASE_URL_TEST_PG points the suite at a real server instead.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL_TEST_PG;
  if (external) {
    project.provide('databaseUrl', external);
    return;
  }
  const db = await PGlite.create({ extensions: { vector } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
  await server.start();
  const address = server.getServerConn();
  project.provide('databaseUrl', `postgres://postgres:postgres@${address}/postgres?sslmode=disable`);
  return async () => {
    await server.stop();
    await db.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
