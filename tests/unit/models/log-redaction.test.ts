import { afterEach, expect, it, vi } from 'vitest';
import { log, redactInLogs } from '@/lib/log';

afterEach(() => vi.restoreAllMocks());

function written(fn: () => void): string {
  const lines: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  }
  fn();
  return lines.join('');
}

it('writes a registered secret as [redacted] wherever a log line would hold it', () => {
  const secret = 'sk-live-"quoted"-0123456789abcdef';
  redactInLogs(secret);
  const out = written(() => {
    log.error(`upstream said: bad key ${secret}`, { error: `Incorrect API key provided: ${secret}` });
    log.warn('nested', { request: { headers: { authorization: `Bearer ${secret}` } } });
  });
  expect(out).toContain('[redacted]');
  expect(out).not.toContain(secret);
  expect(out).not.toContain('0123456789abcdef');
});
