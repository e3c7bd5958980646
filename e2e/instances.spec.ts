import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { startOpenAIStandin, type Standin } from '../tests/support/openai-standin';
import { canRunPostgres, startPgCluster, type PgCluster } from '../tests/support/pg-cluster';
import { ADMIN_KEY, expect, test, send } from './support/fixtures';
import { standinModelEnv, startOwnServer, type OwnServer } from './support/own-server';
import { pidOfLeaseOwner, startWorkerProcess, type WorkerProcess } from './support/worker-process';

// The scale-out recipe on a real PostgreSQL server: two app instances of the same build and an
// `npm run worker` on one fresh database, all started at the same moment, behind what would be a
// load balancer. The instances only serve (INGEST_WORKER=false) and workers ingest, the layout
// docs/postgresql.md gives for keeping instances free for chat.
const realServer = canRunPostgres();
if (!realServer && process.env.TEST_POSTGRES === 'required')
  throw new Error(
    'TEST_POSTGRES=required, but PostgreSQL 15 with pgvector is not installed (scripts/install-postgres.sh)',
  );
test.skip(!realServer, 'needs PostgreSQL 15 with pgvector on this machine (scripts/install-postgres.sh)');

const REPLY = Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(' ') + ' done.';
const asAdmin = { authorization: `Bearer ${ADMIN_KEY}` };
let standin: Standin;
let cluster: PgCluster;
let db: pg.Client;
let env: Record<string, string>;
let first: OwnServer | undefined;
let second: OwnServer | undefined;
const workers: WorkerProcess[] = [];

const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await db.query<T>(text, params)).rows;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [standin, cluster] = await Promise.all([startOpenAIStandin({ reply: REPLY, delayMs: 120 }), startPgCluster()]);
  // As docs/postgresql.md sets it up: a database its ordinary user owns, pgvector made by a superuser.
  const setup = new pg.Client({ connectionString: cluster.url });
  await setup.connect();
  await setup.query('CREATE ROLE groundwork LOGIN');
  await setup.query('CREATE DATABASE groundwork OWNER groundwork');
  await setup.end();
  db = new pg.Client({ connectionString: cluster.urlOf('groundwork') });
  await db.connect();
  await db.query('CREATE EXTENSION IF NOT EXISTS vector');
  env = {
    DATABASE_URL: `postgres://groundwork@127.0.0.1:${cluster.port}/groundwork`,
    ADMIN_API_KEY: ADMIN_KEY,
    INGEST_WORKER: 'false',
    ...standinModelEnv(standin),
  };
  // At once: each migrates the empty database and each instance makes ADMIN_API_KEY an admin key.
  const started = Date.now();
  const [a, b, w] = await Promise.allSettled([
    startOwnServer({ port: 3213, name: 'first', env }),
    startOwnServer({ port: 3214, name: 'second', env }),
    startWorkerProcess({ name: 'first', env }),
  ]);
  first = a.status === 'fulfilled' ? a.value : undefined;
  second = b.status === 'fulfilled' ? b.value : undefined;
  if (w.status === 'fulfilled') workers.push(w.value);
  const failures = [a, b, w].flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
  if (failures.length > 0)
    throw new Error(`started at once on one database, not everything came up:\n${failures.join('\n')}`);
  test.info().annotations.push({ type: 'startup', description: `${Date.now() - started} ms` });
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop(), ...workers.map((w) => w.stop())]);
  await db?.end().catch(() => {});
  await cluster?.destroy();
  await standin?.close();
});

test('two instances and a worker started at once on an empty database all come up, with one schema and one admin key', async ({
  request,
}) => {
  for (const server of [first!, second!]) {
    expect((await request.get(`${server.origin}/api/health`)).status()).toBe(200);
    expect((await request.get(`${server.origin}/api/keys`, { headers: asAdmin })).status()).toBe(200);
  }
  const migrations = readdirSync('prisma/migrations', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const applied = await sql<{ migration_name: string; finished: boolean; rolled_back: boolean }>(
    `SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM "_prisma_migrations" ORDER BY migration_name`,
  );
  expect(applied).toEqual(
    migrations.sort().map((migration_name) => ({ migration_name, finished: true, rolled_back: false })),
  );
  const keys = await sql<{ role: string; revoked: boolean }>(
    `SELECT role::text, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE hash = $1`,
    [createHash('sha256').update(ADMIN_KEY).digest('hex')],
  );
  expect(keys).toEqual([{ role: 'admin', revoked: false }]);
  // A key holder whose key was never stored (a lost race) would be left without one.
  const [keyless] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM principals p WHERE p.kind = 'key' AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.principal_id = p.id)`,
  );
  expect(keyless!.n).toBe(0);
});

test('a conversation opened on one instance is read and renamed on the other, by the same visitor', async ({
  request,
}) => {
  // The visitor cookie the first instance signs must hold on the second: both sign with one secret.
  const page = await request.get(`${first!.origin}/`);
  const cookie = page
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('gw_visitor='))
    .map((h) => h.value.split(';')[0]!)[0];
  expect(cookie).toBeTruthy();
  const asVisitor = { cookie: cookie! };
  const created = await request.post(`${first!.origin}/api/conversations`, {
    headers: asVisitor,
    data: { title: 'Opened on the first' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const read = await request.get(`${second!.origin}/api/conversations/${id}`, { headers: asVisitor });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({ id, title: 'Opened on the first', messages: [] });
  const listed = (await (await request.get(`${second!.origin}/api/conversations`, { headers: asVisitor })).json()) as {
    data: { id: string }[];
  };
  expect(listed.data.map((c) => c.id)).toEqual([id]);
  expect(
    (
      await request.patch(`${second!.origin}/api/conversations/${id}`, {
        headers: asVisitor,
        data: { title: 'Renamed on the second' },
      })
    ).status(),
  ).toBe(200);
  expect(
    await (await request.get(`${first!.origin}/api/conversations/${id}`, { headers: asVisitor })).json(),
  ).toMatchObject({ title: 'Renamed on the second' });
});

test('a Stop that reaches another instance ends the reply at once, and keeps every word that was shown', async ({
  visitor: { page },
}) => {
  // The balancer sends the stop to the second instance, under the public host both serve.
  const publicHost = new URL(first!.origin).host;
  let stoppedBy = '';
  await page.route('**/api/conversations/*/stop', async (route) => {
    const url = new URL(route.request().url());
    const res = await route.fetch({
      url: `${second!.origin}${url.pathname}`,
      headers: { ...route.request().headers(), 'x-forwarded-host': publicHost },
    });
    stoppedBy = second!.origin;
    await route.fulfill({ response: res });
  });
  const calls = standin.requests.length;
  await page.goto(`${first!.origin}/`);
  await send(page, 'Tell me something long');
  const reply = page.getByTestId('assistant-message').first();
  // Past the first heartbeat (5 s): the words on screen are more than the stored copy holds.
  await expect(reply).toContainText('word45', { timeout: 15_000 });
  const stopCall = page.waitForResponse((r) => r.url().endsWith('/stop') && r.request().method() === 'POST');
  await page.getByTestId('stop-button').click();
  expect((await stopCall).status()).toBe(200);
  expect(stoppedBy).toBe(second!.origin);
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  // The first instance heard the stop (LISTEN/NOTIFY) and closed the model's response well before its next heartbeat.
  await expect.poll(() => standin.requests[calls]?.closedEarly, { timeout: 2_000 }).toBe(true);
  const shown = (await reply.locator('p').first().textContent())!.trim();
  expect(shown).toMatch(/word45/);
  expect(REPLY.startsWith(shown)).toBe(true);

  // Stored as shown, whichever instance reads it back.
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`${second!.origin}/c/${id}`);
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(reply.locator('p').first()).toHaveText(shown);
});

test('a source deleted through one instance is gone from the other’s search at once', async ({ request }) => {
  const hits = async (server: OwnServer) => {
    const res = await request.get(`${server.origin}/api/knowledge/search`, {
      headers: asAdmin,
      params: { q: 'quillwort heronry ledger' },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { sourceId: string }[] }).data.map((h) => h.sourceId);
  };
  const text =
    '# The quillwort ledger\n\nThe heronry keeps a quillwort ledger: every nest, counted at dawn each spring.';
  const created = await request.post(`${first!.origin}/api/knowledge/sources`, {
    headers: asAdmin,
    data: { title: 'Quillwort ledger', text },
  });
  expect(created.status()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`${second!.origin}/api/knowledge/sources/${id}`, { headers: asAdmin })).json()) as {
            status: string;
          }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('ready');
  expect(await hits(second!)).toContain(id);

  expect((await request.delete(`${first!.origin}/api/knowledge/sources/${id}`, { headers: asAdmin })).status()).toBe(
    204,
  );
  expect(await hits(second!)).not.toContain(id);
  expect(await hits(first!)).not.toContain(id);
  expect((await request.get(`${second!.origin}/api/knowledge/sources/${id}`, { headers: asAdmin })).status()).toBe(404);
});

test('a worker killed mid-ingestion: another takes its sources over within 20 s, and each ends ready with every chunk once', async ({
  request,
}) => {
  test.setTimeout(120_000);
  // A second worker, idle until the first one's leases lapse (or the other way round: whichever
  // claims the batch is the one killed).
  workers.push(await startWorkerProcess({ name: 'second', env }));
  // Eight texts alike but for one digit, so a clean ingestion chunks each the same; queued in one
  // request (one transaction), so one worker claims them all.
  const text = (k: number) =>
    Array.from(
      { length: 3000 },
      (_, i) => `Sentence ${i} of record ${k}, about the lorem ipsum of item ${i % 97}.`,
    ).join('\n\n');
  const queued = await request.post(`${second!.origin}/api/knowledge/sources`, {
    headers: asAdmin,
    data: { sources: Array.from({ length: 8 }, (_, k) => ({ title: `Record ${k + 1}`, text: text(k + 1) })) },
  });
  expect(queued.status()).toBe(202);
  const ids = ((await queued.json()) as { data: { id: string }[] }).data.map((s) => s.id);
  const reference = ids[0]!; // claimed first, and ready before the kill: a clean ingestion
  type Row = { id: string; status: string; lease_owner: string | null; n: number };
  const rows = () =>
    sql<Row>(
      `SELECT s.id::text, s.status::text, s.lease_owner, (SELECT count(*)::int FROM chunks c WHERE c.source_id = s.id) AS n FROM sources s WHERE s.id = ANY($1::uuid[])`,
      [ids],
    );

  // Mid-ingestion: the first source ready, another processing with some of its chunks written.
  let partial: Row | undefined;
  await expect
    .poll(
      async () => {
        const now = await rows();
        partial = now.find((r) => r.status === 'processing' && r.n > 0);
        return now.find((r) => r.id === reference)?.status === 'ready' && partial !== undefined;
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBe(true);
  const victim = workers.find((w) => w.pid === pidOfLeaseOwner(partial!.lease_owner));
  expect(victim, `the batch is leased to a worker of this test (${partial!.lease_owner})`).toBeDefined();
  const survivor = workers.find((w) => w !== victim)!;
  await victim!.kill();
  const killedAt = Date.now();
  const [lease] = await sql<{ ms: number }>(
    `SELECT (extract(epoch FROM max(lease_expires_at) - now()) * 1000)::int AS ms FROM sources WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const unfinished = (await rows()).filter((r) => r.status !== 'ready');
  expect(unfinished.length).toBeGreaterThan(0);
  expect(unfinished.every((r) => r.status === 'processing' && pidOfLeaseOwner(r.lease_owner) === victim!.pid)).toBe(
    true,
  );

  // Taken over once the lease (INGEST_LEASE_SECONDS, left at its default of 10 s) has lapsed: each
  // left-over source ready or leased by the survivor.
  await expect
    .poll(
      async () =>
        (await rows())
          .filter((r) => unfinished.some((u) => u.id === r.id))
          .every((r) => r.status === 'ready' || pidOfLeaseOwner(r.lease_owner) === survivor.pid),
      {
        timeout: 20_000,
        intervals: [100],
      },
    )
    .toBe(true);
  test.info().annotations.push({
    type: 'takeover',
    description: `${Date.now() - killedAt} ms after the kill; its lease ran out ${lease!.ms} ms after it`,
  });
  await expect
    .poll(async () => (await rows()).map((r) => r.status), { timeout: 60_000, intervals: [250] })
    .toEqual(ids.map(() => 'ready'));

  const counts = await sql<{
    id: string;
    chunk_count: number;
    attempts: number;
    generation: number;
    n: number;
    ordinals: number;
    generations: number;
    first: number;
    last: number;
  }>(
    `SELECT s.id::text, s.chunk_count, s.attempts, s.generation, count(c.id)::int AS n, count(DISTINCT c.ordinal)::int AS ordinals,
       count(DISTINCT c.generation)::int AS generations, min(c.ordinal) AS first, max(c.ordinal) AS last
     FROM sources s LEFT JOIN chunks c ON c.source_id = s.id WHERE s.id = ANY($1::uuid[]) GROUP BY s.id`,
    [ids],
  );
  const clean = counts.find((c) => c.id === reference)!.chunk_count;
  expect(clean).toBeGreaterThan(64); // more than one write of chunks each
  for (const c of counts) {
    const retried = unfinished.some((u) => u.id === c.id);
    expect(c).toEqual({
      id: c.id,
      chunk_count: clean,
      attempts: retried ? 2 : 1,
      generation: 1,
      n: clean,
      ordinals: clean,
      generations: 1,
      first: 0,
      last: clean - 1,
    });
  }
  // The postings too: one per lexeme of each chunk, none left by the dead worker's writes.
  const [postings] = await sql<{ expected: number; actual: number; orphans: number }>(
    `SELECT (SELECT count(*)::int FROM chunks c, unnest(c.tsv) WHERE c.source_id = ANY($1::uuid[])) AS expected,
       (SELECT count(*)::int FROM chunk_terms ct JOIN chunks c ON c.seq = ct.chunk_seq WHERE c.source_id = ANY($1::uuid[])) AS actual,
       (SELECT count(*)::int FROM chunk_terms ct WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.seq = ct.chunk_seq)) AS orphans`,
    [ids],
  );
  expect(postings).toEqual({ expected: postings!.expected, actual: postings!.expected, orphans: 0 });
});
