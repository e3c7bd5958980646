import 'server-only';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Reach } from '@/lib/access';
import type { Principal } from '@/lib/auth/principal';
import { answerQuestion } from '@/lib/chat/answer-question';
import { config } from '@/lib/config';
import { enforceRateLimits } from '@/lib/http/rate-limit';
import { askInput } from '@/lib/schemas/mcp';
import { runTool } from './tool-result';

/**
 * ask: the answer `POST /api/ask` gives (the same retrieval, prompt and model; nothing stored),
 * counted against the key's message limit, which conversations' sends share.
 */
export function registerAskTool(
  server: McpServer,
  { principal, reach, requestId }: { principal: Principal; reach: () => Promise<Reach>; requestId: string },
) {
  server.registerTool(
    'ask',
    {
      title: 'Ask the assistant',
      description:
        'A grounded answer to a question from the documents this key may read, as the assistant gives it in a conversation: ' +
        '`answer` with `[n]` markers, and `citations`, where the n-th names the passage behind `[n]` (its `sourceId`, `chunkId`, ' +
        'source title, supporting snippet and `location`). An answer with no citations means nothing relevant was found. ' +
        'To look at the passages yourself, use search_knowledge.',
      inputSchema: askInput(),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    runTool('ask', requestId, async ({ question }) => {
      await enforceRateLimits([{ key: `m:${principal.id}`, max: config().RATE_LIMIT_MESSAGES }]);
      return { ...(await answerQuestion(question, await reach())) };
    }),
  );
}
