import type { ServerResponse } from 'node:http';

/** A non-streaming answer (`stream` absent), in the shape of the endpoint asked. */
export function wholeAnswer(res: ServerResponse, path: string, body: Record<string, unknown>, text: string) {
  const model = String(body.model);
  const created = Math.floor(Date.now() / 1000);
  const answer =
    path === '/v1/chat/completions'
      ? {
          id: 'chatcmpl-standin',
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 42, completion_tokens: 1, total_tokens: 43 },
        }
      : {
          id: 'resp_standin',
          object: 'response',
          created_at: created,
          status: 'completed',
          model,
          output: [
            {
              id: 'msg_standin',
              type: 'message',
              status: 'completed',
              role: 'assistant',
              content: [{ type: 'output_text', annotations: [], text }],
            },
          ],
          usage: { input_tokens: 42, output_tokens: 1, total_tokens: 43 },
        };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
}
