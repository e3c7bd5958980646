import 'server-only';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/client';

/** A single session for raw SQL (migrations, advisory locks); released when done. */
export interface SqlSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  release(): Promise<void>;
}

export interface Database {
  backend: 'pglite' | 'postgres';
  prisma: PrismaClient;
  session(): Promise<SqlSession>;
  close(): Promise<void>;
}

/** Opens the database named by a `DATABASE_URL` (see lib/config.ts for the forms). */
export async function openDatabase(url: string, poolSize = 10): Promise<Database> {
  if (url.startsWith('pglite:')) return openPglite(url.slice('pglite:'.length));
  return openPostgres(url, poolSize);
}

async function openPglite(location: string): Promise<Database> {
  const inMemory = location === 'memory' || location === 'memory://';
  if (!inMemory) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : location, { extensions: { vector } });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  return {
    backend: 'pglite',
    prisma,
    // PGlite is one connection: a session is the database itself.
    session: async () => ({
      query: async <T,>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
      exec: async (sql: string) => {
        await client.exec(sql);
      },
      release: async () => {},
    }),
    close: async () => {
      await prisma.$disconnect();
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    backend: 'postgres',
    prisma,
    session: async () => {
      const client = await pool.connect();
      return {
        query: async <T,>(sql: string, params?: unknown[]) =>
          (await client.query(sql, params as unknown[])).rows as T[],
        exec: async (sql: string) => {
          await client.query(sql);
        },
        release: async () => client.release(),
      };
    },
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
