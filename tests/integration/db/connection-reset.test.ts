import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { openDatabase, type Database } from '@/lib/db/driver';
import { startWireServer, type WireServer } from '../../support/pglite-wire-server';

// A PostgreSQL connection reset mid-statement (a failover, a proxy or firewall dropping it) must
// answer 503 with Retry-After, like a server that is down: not a 500, and not a client abort.
let server: WireServer;
let proxy: net.Server;
let db: Database;
const clients: net.Socket[] = [];

beforeAll(async () => {
  server = await startWireServer();
  const target = new URL(server.url);
  // Between the pool and the server, a relay whose client side can be reset (TCP RST).
  proxy = net.createServer((client) => {
    clients.push(client);
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  const url = new URL(server.url);
  url.port = String(port);
  db = await openDatabase(url.href, 2);
});

afterAll(async () => {
  await db.close().catch(() => {});
  proxy.close();
  await server.stop();
});

describe('a connection reset while a statement runs', () => {
  it('is read as the database being unavailable, and the pool reconnects for the next request', async () => {
    await db.prisma.$queryRaw`SELECT 1`;
    const statement = db.prisma.$queryRaw`SELECT pg_sleep(2)`;
    setTimeout(() => clients.forEach((socket) => socket.resetAndDestroy()), 200);
    const error = await statement.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);
    const [row] = await db.prisma.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`;
    expect(row?.ok).toBe(1);
  });
});
