// Scratch databases on a PostgreSQL server, for tests and benchmarks that must not share data:
// created from a URL whose user may create databases, dropped (connections and all) when done.
import pg from 'pg';

/** Creates database `name` (letters, digits, underscores) on the server `serverUrl` points at. */
export async function createServerDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
