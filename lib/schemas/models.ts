import { z } from 'zod';
import { nameSchema } from './groups';

const wireApi = z.enum(['chat', 'responses']).meta({
  description:
    '`chat`: POST /chat/completions, what most OpenAI-compatible servers speak; `responses`: POST /responses (OpenAI).',
});

// http(s) only: the server fetches it, and an admin may point it at a private address (a LAN Ollama).
const baseUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .max(2000)
  .transform((u) => u.replace(/\/+$/, ''))
  .meta({ description: 'The API root, with its version: `http://127.0.0.1:11434/v1`, `https://api.openai.com/v1`.' });

const apiKey = z
  .string()
  .min(1)
  .max(1000)
  .refine((s) => !/[\s\u0000]/.test(s), 'must not contain spaces or control characters')
  .meta({ description: 'Sent as `Authorization: Bearer`. Stored encrypted; never returned.' });

export const connectionSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    baseUrl: z.string(),
    wireApi,
    hasApiKey: z.boolean(),
    apiKeyLast4: z.string().nullable().meta({
      description: 'The key’s last four characters, to tell keys apart (keys of 12 characters or more; else null).',
    }),
    enabled: z.boolean().meta({ description: 'Its models can be chosen only while it is enabled.' }),
    suggested: z.boolean().meta({ description: 'Found by the Ollama probe at start; not used until enabled.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ModelConnection' });
export type ConnectionView = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({ data: z.array(connectionSchema) }).meta({ id: 'ModelConnectionList' });

export const createConnectionBody = z
  .strictObject({
    name: nameSchema,
    baseUrl,
    wireApi: wireApi.default('chat'),
    apiKey: apiKey.optional(),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'CreateModelConnection' });
export type CreateConnection = z.infer<typeof createConnectionBody>;

export const updateConnectionBody = z
  .strictObject({
    name: nameSchema.optional(),
    baseUrl: baseUrl.optional(),
    wireApi: wireApi.optional(),
    apiKey: apiKey.nullable().optional().meta({ description: 'A new key; `null` removes it.' }),
    enabled: z.boolean().optional(),
  })
  .meta({ id: 'UpdateModelConnection', description: 'Fields left out stay as they are.' });
export type UpdateConnection = z.infer<typeof updateConnectionBody>;

export const upstreamModelsSchema = z
  .object({ data: z.array(z.object({ id: z.string(), ownedBy: z.string().optional() })) })
  .meta({ id: 'UpstreamModels' });

export const connectionTestSchema = z
  .object({
    ok: z.literal(true),
    models: z.array(z.string()).meta({ description: 'The ids its GET /models lists.' }),
    model: z.string().meta({ description: 'The model the one-token completion asked.' }),
    latencyMs: z.number().int().meta({ description: 'Both calls, end to end.' }),
  })
  .meta({ id: 'ModelConnectionTest' });

export const testConnectionBody = z
  .strictObject({ model: z.string().min(1).max(200).optional().meta({ description: 'Default: the first listed.' }) })
  .meta({ id: 'TestModelConnection' });

export const chatModelSchema = z
  .object({
    id: z.string().meta({ description: '`local`, `<connectionId>:<model>`, or the environment’s `openai:<model>`.' }),
    name: z.string(),
    connectionId: z.uuid().nullable(),
    readOnly: z.boolean().meta({ description: 'Set by CHAT_MODEL/OPENAI_* in the environment: not changed here.' }),
    default: z.boolean(),
  })
  .meta({ id: 'ChatModel' });
export type ChatModelView = z.infer<typeof chatModelSchema>;

export const chatModelListSchema = z
  .object({
    data: z.array(chatModelSchema),
    defaultChatModel: z.string(),
    readOnly: z
      .boolean()
      .meta({ description: 'The environment chooses the chat model: PUT /models/default answers 409.' }),
    unavailable: z
      .array(z.object({ connectionId: z.uuid(), detail: z.string() }))
      .meta({ description: 'Enabled connections whose server did not list its models just now, and why.' }),
  })
  .meta({ id: 'ChatModelList' });

export const setDefaultModelBody = z
  .strictObject({ chatModel: z.string().min(1).max(400).meta({ description: 'An `id` from GET /models.' }) })
  .meta({ id: 'SetDefaultChatModel' });

export const allowedModelSchema = z
  .object({
    id: z.string().meta({
      description: '`local`, `<connectionId>:<model>`, or the environment’s model: send it as a message’s `model`.',
    }),
    name: z.string(),
    default: z.boolean().meta({ description: 'What answers a message that names no model.' }),
  })
  .meta({ id: 'AllowedChatModel' });
export type AllowedModelView = z.infer<typeof allowedModelSchema>;

export const allowedModelListSchema = z
  .object({ data: z.array(allowedModelSchema) })
  .meta({ id: 'AllowedChatModelList' });

export const setAllowedModelsBody = z
  .strictObject({
    ids: z.array(z.string().min(1).max(400)).max(200).meta({
      description:
        'Ids from GET /models users may pick in the chat. `local` and the default are always allowed; the list replaces the stored one.',
    }),
  })
  .meta({ id: 'SetAllowedChatModels' });

export const embeddingModelSchema = z
  .object({
    model: z.string().meta({
      description:
        'The chosen model: `local`, `<connectionId>:<model>`, or EMBEDDING_MODEL’s when the environment sets it. New chunks are embedded with it.',
    }),
    active: z.string().meta({
      description:
        'The model search embeds queries with now, as chunks record it (`local-hash-v2`, `conn:<connectionId>:<model>`, `openai:<model>`): the old one until every chunk has a vector of the chosen model.',
    }),
    readOnly: z
      .boolean()
      .meta({ description: 'EMBEDDING_MODEL is set in the environment: PUT /models/embedding answers 409.' }),
    choices: z.array(z.object({ id: z.string(), name: z.string() })).meta({
      description:
        '`local` and the models of enabled connections (their `GET /models`; a server cannot say which embed).',
    }),
    unavailable: z
      .array(z.object({ connectionId: z.uuid(), detail: z.string() }))
      .meta({ description: 'Enabled connections whose server did not list its models just now, and why.' }),
    reindex: z
      .object({
        state: z.enum(['idle', 'running']).meta({ description: '`running` until search uses the chosen model.' }),
        done: z.number().int().meta({ description: 'Chunks with a vector of the chosen model.' }),
        total: z.number().int().meta({ description: 'Every chunk.' }),
        error: z.string().nullable().meta({
          description:
            'Why the last batch failed to embed (the model’s server down, a wrong key), while it keeps failing.',
        }),
      })
      .meta({ description: 'The background re-index to the chosen model.' }),
  })
  .meta({ id: 'EmbeddingModel' });
export type EmbeddingModelView = z.infer<typeof embeddingModelSchema>;

export const setEmbeddingModelBody = z
  .strictObject({
    id: z.string().min(1).max(400).meta({ description: 'A `choices[].id` from GET /models/embedding.' }),
  })
  .meta({ id: 'SetEmbeddingModel' });
