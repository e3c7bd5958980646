import 'server-only';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { ApiError } from '@/lib/http/api-error';
import { errorFields, log } from '@/lib/log';

/** A tool's answer: the JSON as text (what every client shows a model) and as structured content. */
export function toolResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** An error the agent can act on: `isError` results go back to the model, protocol errors do not. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Runs a tool as withApi runs a handler: an ApiError's detail is the message (the same words the
 * REST API answers with: "No source with that id.", a 409, a 429 with its wait); anything else
 * is logged and answered with the request id only, never a database message or a stack.
 */
export function runTool<A>(
  tool: string,
  requestId: string,
  run: (args: A) => Promise<Record<string, unknown>>,
): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      return toolResult(await run(args));
    } catch (error) {
      if (error instanceof ApiError) return toolError(error.message);
      if (isDatabaseUnavailable(error)) {
        log.error('database unavailable', { requestId, tool, ...errorFields(error) });
        return toolError('The database cannot be reached right now; try again shortly.');
      }
      log.error('MCP tool failed', { requestId, tool, ...errorFields(error) });
      return toolError(`Something went wrong on our side. Quote request id ${requestId} when reporting it.`);
    }
  };
}
