import 'zod-openapi';
import { z } from 'zod';
import { config } from '@/lib/config';
import { isBlank } from './common';
import { citationSchema } from './chat';

/**
 * OpenAI's chat completions request, as far as we answer it. Parameters that would change what
 * an answer means (tools, several choices, JSON output, log probabilities, audio) are refused,
 * each naming its `param`; sampling settings are passed on to the model; unknown members are
 * ignored, as the rest of the API ignores them.
 */
const messageText = () => {
  const max = config().MAX_MESSAGE_CHARS;
  return z.string().max(max, `must be at most ${max} characters`);
};

const contentPart = () =>
  z
    .looseObject({ type: z.string(), text: messageText().optional() })
    .refine(
      (p) => p.type === 'text' && typeof p.text === 'string',
      'only text parts ({type: "text", text}) are supported',
    )
    .meta({ description: 'A text part; image, audio and file parts are refused.' });

const content = () => z.union([messageText(), z.array(contentPart()).min(1).max(20)]);

const message = () =>
  z
    .looseObject({
      role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']).meta({
        description:
          '`user` and `assistant` make the conversation; `system` and `developer` are accepted and not passed on (the ' +
          'assistant’s instructions, set by an admin, apply); `tool` and `function` are refused, as tools are.',
      }),
      content: content().nullish(),
      name: z.string().max(256).optional(),
      tool_calls: z.array(z.unknown()).optional(),
      function_call: z.unknown().optional(),
    })
    .meta({ id: 'OpenAIChatMessage' });

const refused = (what: string) => `${what} is not supported: answers come from the knowledge base`;

export const chatCompletionBody = () =>
  z
    .object({
      model: z
        .string()
        .min(1)
        .max(300)
        .meta({
          description:
            'What answers: a chat model (searches every collection the key may read) or `<model>@<collection id>` (that ' +
            'collection only), as `GET /v1/models` lists them.',
        }),
      messages: z
        .array(message())
        .min(1, 'must have at least one message')
        .max(1000)
        .meta({ description: 'The conversation: the last message, a `user` one, is the question.' }),
      stream: z.boolean().nullish(),
      stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
      temperature: z.number().min(0).max(2).nullish(),
      top_p: z.number().min(0).max(1).nullish(),
      max_tokens: z.number().int().positive().nullish(),
      max_completion_tokens: z.number().int().positive().nullish(),
      stop: z.union([z.string().max(256), z.array(z.string().max(256)).max(4)]).nullish(),
      seed: z.number().int().nullish(),
      presence_penalty: z.number().min(-2).max(2).nullish(),
      frequency_penalty: z.number().min(-2).max(2).nullish(),
      user: z.string().max(256).nullish(),
      metadata: z.record(z.string().max(64), z.string().max(512)).nullish().meta({
        description: 'Up to 16 string pairs. `store_conversation: "true"` stores the exchange as a conversation.',
      }),
      n: z.number().int().min(1).nullish(),
      tools: z.array(z.unknown()).nullish(),
      functions: z.array(z.unknown()).nullish(),
      tool_choice: z.unknown().optional(),
      response_format: z.looseObject({ type: z.string() }).nullish(),
      logprobs: z.boolean().nullish(),
      top_logprobs: z.number().int().nullish(),
      modalities: z.array(z.string()).nullish(),
      audio: z.unknown().optional(),
      prediction: z.unknown().optional(),
    })
    .superRefine((body, ctx) => {
      const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (body.tools?.length) refuse('tools', refused('tools'));
      if (body.functions?.length) refuse('functions', refused('functions'));
      if (body.tool_choice != null && body.tool_choice !== 'none') refuse('tool_choice', 'only "none" is supported');
      if (body.n != null && body.n > 1) refuse('n', 'only one choice (n = 1) is supported');
      if (body.response_format && body.response_format.type !== 'text')
        refuse('response_format', 'only {"type": "text"} is supported');
      if (body.logprobs) refuse('logprobs', refused('logprobs'));
      if (body.top_logprobs) refuse('top_logprobs', refused('top_logprobs'));
      if (body.modalities?.some((m) => m !== 'text')) refuse('modalities', 'only ["text"] is supported');
      if (body.audio != null) refuse('audio', refused('audio output'));
      if (body.prediction != null) refuse('prediction', refused('prediction'));
      if (body.metadata && Object.keys(body.metadata).length > 16) refuse('metadata', 'must have at most 16 members');
      body.messages.forEach((m, i) => {
        const at = (member: string, text: string) =>
          ctx.addIssue({ code: 'custom', path: ['messages', i, member], message: text });
        if (m.role === 'tool' || m.role === 'function')
          at('role', `${m.role} messages are not supported (tools are not)`);
        if (m.tool_calls?.length || m.function_call != null) at('tool_calls', 'tool calls are not supported');
        if (m.role === 'user' && isBlank(textOf(m.content))) at('content', 'must not be empty or only whitespace');
      });
      const last = body.messages.findLast((m) => m.role !== 'system' && m.role !== 'developer');
      if (last?.role !== 'user')
        ctx.addIssue({ code: 'custom', path: ['messages'], message: 'the last message must be a user message' });
    })
    .meta({ id: 'ChatCompletionRequest' });

export type ChatCompletionBody = z.infer<ReturnType<typeof chatCompletionBody>>;

/** A message's text: its string, or its text parts joined. */
export function textOf(content: string | Array<{ text?: string }> | null | undefined): string {
  if (content == null) return '';
  return typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('');
}

export const openAiCitationSchema = citationSchema
  .extend({ url: z.string().optional().meta({ description: 'The web page a source was fetched from.' }) })
  .meta({
    id: 'ChatCompletionCitation',
    description: 'A passage the answer cites with `[n]`: the n-th citation has that number.',
  });

const usageSchema = z
  .object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() })
  .meta({
    id: 'ChatCompletionUsage',
    description:
      'As the model reports it (the built-in `local` model counts words and punctuation as tokens); estimated ' +
      'at four characters a token when it reports nothing.',
  });

const searchedFor = z
  .string()
  .optional()
  .meta({
    description:
      'Not in OpenAI’s format: the question as searched for and answered, when words of it the knowledge base lacks were ' +
      'taken for near words it has ("expences" → "expenses"), as `/api/ask`’s `searchedFor`. Absent when nothing was corrected.',
  });

export const chatCompletionSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.literal(0),
        message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
        logprobs: z.null(),
        finish_reason: z.enum(['stop', 'length']),
      }),
    ),
    usage: usageSchema,
    citations: z.array(openAiCitationSchema).meta({ description: 'Not in OpenAI’s format: the passages cited.' }),
    searched_for: searchedFor,
  })
  .meta({ id: 'ChatCompletion' });

export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

export const chatCompletionChunkSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion.chunk'),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.literal(0),
        delta: z.object({ role: z.literal('assistant').optional(), content: z.string().optional() }),
        logprobs: z.null(),
        finish_reason: z.enum(['stop', 'length']).nullable(),
      }),
    ),
    usage: usageSchema.nullish(),
    citations: z.array(openAiCitationSchema).optional().meta({ description: 'On the last chunk before `[DONE]`.' }),
    searched_for: searchedFor,
  })
  .meta({ id: 'ChatCompletionChunk' });

export type ChatCompletionChunk = z.infer<typeof chatCompletionChunkSchema>;
export type OpenAiCitation = z.infer<typeof openAiCitationSchema>;

export const openAiModelSchema = z
  .object({
    id: z.string().meta({ description: '`<model>` or `<model>@<collection id>`.' }),
    object: z.literal('model'),
    created: z.number().int(),
    owned_by: z.string(),
    collection: z
      .object({ id: z.uuid(), name: z.string() })
      .optional()
      .meta({ description: 'Not in OpenAI’s format: the collection this model name answers from.' }),
  })
  .meta({ id: 'OpenAIModel' });

export type OpenAiModel = z.infer<typeof openAiModelSchema>;

export const openAiModelListSchema = z
  .object({ object: z.literal('list'), data: z.array(openAiModelSchema) })
  .meta({ id: 'OpenAIModelList' });

export const openAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      param: z.string().nullable(),
      code: z.string().nullable(),
    }),
  })
  .meta({ id: 'OpenAIError', description: 'OpenAI’s error shape, which its SDKs read.' });
