import type { TestProject } from 'vitest/node';

/** Passes DATABASE_URL_TEST_PG (a real PostgreSQL server with pgvector) to the postgres project, if set. */
export default function setup(project: TestProject) {
  project.provide('externalDatabaseUrl', process.env.DATABASE_URL_TEST_PG ?? '');
}

declare module 'vitest' {
  export interface ProvidedContext {
    externalDatabaseUrl: string;
  }
}
