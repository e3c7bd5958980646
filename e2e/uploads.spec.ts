import { ADMIN_KEY, expect, test } from './support/fixtures';

// Uploads through the real server (its request pipeline, not only the route handler).

const admin = { authorization: `Bearer ${ADMIN_KEY}` };

test('a file over 10 MB arrives whole; one over MAX_UPLOAD_BYTES is refused with 413', async ({ request }) => {
  const tag = `large-${Date.now()}`;
  const section = (i: number) =>
    `## Part ${i} ${tag}\n\n${'Every byte of a large upload must reach the parser. '.repeat(20)}\n\n`;
  const large = Buffer.from(Array.from({ length: 12_000 }, (_, i) => section(i)).join(''));
  expect(large.byteLength).toBeGreaterThan(12 * 1024 * 1024);
  const res = await request.post('/api/knowledge/sources', {
    headers: admin,
    multipart: { file: { name: `${tag}.md`, mimeType: 'text/markdown', buffer: large } },
  });
  expect(res.status()).toBe(202);
  const source = (await res.json()) as { id: string; size: number };
  expect(source.size).toBe(large.byteLength);
  expect((await request.delete(`/api/knowledge/sources/${source.id}`, { headers: admin })).status()).toBe(204);

  const tooLarge = Buffer.alloc(25 * 1024 * 1024 + 1, 'a');
  const refused = await request.post('/api/knowledge/sources', {
    headers: admin,
    multipart: { file: { name: 'too-large.txt', mimeType: 'text/plain', buffer: tooLarge } },
  });
  expect(refused.status()).toBe(413);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/25 MiB|26214400/);
});
