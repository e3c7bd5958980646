import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { claimSources, renewLeases } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import type { SourceView } from './helpers';

// A worker that dies holds its sources until their lease lapses: that lease must be short, and a
// live worker's heartbeat must keep it, however long its source takes.
describe('ingestion leases', () => {
  it(
    'moves a dead worker’s sources to another worker within seconds, with the default lease',
    { timeout: 45_000 },
    async () => {
      const admin = (await newKey('admin')).key;
      const source = await bodyOf<SourceView>(
        await api('POST', '/api/knowledge/sources', { key: admin, json: { text: 'Leases expire.' } }),
      );
      const lease = config().INGEST_LEASE_SECONDS;
      expect((await claimSources('worker-that-dies', 128, lease)).map((s) => s.id)).toContain(source.id);
      const died = Date.now();
      let taken: string[] = [];
      while (!taken.includes(source.id) && Date.now() - died < 16_000) {
        await new Promise((r) => setTimeout(r, 250));
        taken = (await claimSources('worker-that-lives', 128, lease)).map((s) => s.id);
      }
      expect(taken).toContain(source.id);
      expect(Date.now() - died).toBeLessThan(15_000);
    },
  );

  it('keeps a source with a worker whose heartbeat renews it, past the lease', { timeout: 30_000 }, async () => {
    const admin = (await newKey('admin')).key;
    const source = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: 'Heartbeats renew.' } }),
    );
    const lease = 2;
    expect((await claimSources('busy-worker', 128, lease)).map((s) => s.id)).toContain(source.id);
    for (let beat = 0; beat < 6; beat++) {
      await new Promise((r) => setTimeout(r, 500));
      expect(await renewLeases('busy-worker', [source.id], lease)).toEqual(new Set([source.id]));
      expect((await claimSources('other-worker', 128, lease)).map((s) => s.id)).not.toContain(source.id);
    }
  });
});
