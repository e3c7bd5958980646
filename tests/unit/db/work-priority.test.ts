import { describe, expect, it, vi } from 'vitest';

describe('request arrival', () => {
  it('is seen by every copy of the module, as Next.js loads one per bundle', async () => {
    // The instrumentation hook opens the database with its copy; route handlers mark requests with theirs.
    const routeCopy = await import('@/lib/db/work-priority');
    vi.resetModules();
    const databaseCopy = await import('@/lib/db/work-priority');
    expect(databaseCopy).not.toBe(routeCopy);
    expect(routeCopy.runAsRequest(0.5, () => databaseCopy.requestArrival())).toBe(0.5);
    expect(
      routeCopy.runAsRequest(0.5, () => databaseCopy.runInBackground(() => routeCopy.requestArrival())),
    ).toBeUndefined();
    expect(databaseCopy.requestArrival()).toBeUndefined();
  });
});
