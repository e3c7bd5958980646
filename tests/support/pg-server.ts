import type { TestProject } from 'vitest/node';
import { canRunPostgres, startPgBouncer, startPgCluster, type PgBouncer, type PgCluster } from './pg-cluster';

/**
 * The postgres project's server: DATABASE_URL_TEST_PG if set (a PostgreSQL server with pgvector
 * whose user may create databases), else a cluster of the run's own when PostgreSQL and pgvector
 * are installed (`scripts/install-postgres.sh`), else PGlite behind the wire protocol, so a
 * machine without PostgreSQL still runs the suite. TEST_POSTGRES=required (CI) refuses that last
 * fallback. With TEST_POOLER=pgbouncer, every database is reached through PgBouncer in
 * transaction mode, with DATABASE_DIRECT_URL for what needs a session.
 */
export default async function setup(project: TestProject) {
  let cluster: PgCluster | undefined;
  let bouncer: PgBouncer | undefined;
  let url = process.env.DATABASE_URL_TEST_PG ?? '';
  if (!url && canRunPostgres()) {
    cluster = await startPgCluster();
    url = cluster.url;
  }
  if (!url && process.env.TEST_POSTGRES === 'required') {
    throw new Error(
      'TEST_POSTGRES=required, but no PostgreSQL server: set DATABASE_URL_TEST_PG or run scripts/install-postgres.sh',
    );
  }
  if (process.env.TEST_POOLER === 'pgbouncer') {
    if (!cluster) throw new Error('TEST_POOLER=pgbouncer needs a cluster of the run’s own (no DATABASE_URL_TEST_PG)');
    bouncer = await startPgBouncer(cluster);
  }
  project.provide('externalDatabaseUrl', url);
  project.provide('poolerDatabaseUrl', bouncer ? bouncer.urlOf('postgres') : '');
  return async () => {
    await bouncer?.stop();
    await cluster?.destroy();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    externalDatabaseUrl: string;
    /** The same server through PgBouncer in transaction mode, when TEST_POOLER=pgbouncer. */
    poolerDatabaseUrl: string;
  }
}
