import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { log } from '@/lib/log';
import { runTool } from '@/lib/mcp/tool-result';

describe('runTool', () => {
  it('answers the value as JSON text and as structured content', async () => {
    const result = await runTool('t', 'req-1', async () => ({ results: [1, 2] }))({});
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"results":[1,2]}' }],
      structuredContent: { results: [1, 2] },
    });
  });

  it('an ApiError is a tool error with its detail, as the REST API words it', async () => {
    const result = await runTool('t', 'req-1', async () => {
      throw new ApiError('not_found', 'No source with that id.');
    })({});
    expect(result).toEqual({ content: [{ type: 'text', text: 'No source with that id.' }], isError: true });
  });

  it('anything else is logged and answered with the request id only: no database message, no stack', async () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    const result = await runTool('read_source', 'req-42', async () => {
      throw new Error('relation "chunks" does not exist; password=hunter2');
    })({});
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result.content);
    expect(text).toContain('req-42');
    expect(text).not.toMatch(/chunks|hunter2|at /);
    expect(logged).toHaveBeenCalledWith(
      'MCP tool failed',
      expect.objectContaining({ requestId: 'req-42', tool: 'read_source' }),
    );
    logged.mockRestore();
  });
});
