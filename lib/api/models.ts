import { defineRoute, problem } from '@/lib/http/define-route';
import { idParam } from '@/lib/schemas/common';
import {
  allowedModelListSchema,
  chatModelListSchema,
  connectionListSchema,
  connectionSchema,
  connectionTestSchema,
  createConnectionBody,
  setAllowedModelsBody,
  embeddingModelSchema,
  setDefaultModelBody,
  setEmbeddingModelBody,
  testConnectionBody,
  updateConnectionBody,
  upstreamModelsSchema,
} from '@/lib/schemas/models';

const tags = ['models'];
const upstream = {
  502: problem(
    'The connection’s server failed: unreachable, an error status (`upstreamStatus`), a redirect (never followed) or a body that is not the OpenAI wire format.',
  ),
  504: problem('The connection’s server did not answer within MODEL_TEST_TIMEOUT_MS.'),
};

/** Model connections (OpenAI-compatible servers) and the default chat model (app/api/models). */
export const modelsApi = {
  listConnections: defineRoute({
    method: 'GET',
    path: '/models/connections',
    auth: 'admin',
    tags,
    summary: 'List model connections (admin)',
    description:
      'An Ollama server found at OLLAMA_URL is listed once as a disabled connection with `suggested: true`. Keys are never returned.',
    responses: { 200: { description: 'Every connection, oldest first.', schema: connectionListSchema } },
  }),
  createConnection: defineRoute({
    method: 'POST',
    path: '/models/connections',
    auth: 'admin',
    tags,
    summary: 'Add a model connection (admin)',
    description: 'The base URL may be a private address (a LAN server); redirects from it are never followed.',
    body: { schema: createConnectionBody },
    responses: { 201: { description: 'Created; its key is stored encrypted.', schema: connectionSchema } },
  }),
  updateConnection: defineRoute({
    method: 'PATCH',
    path: '/models/connections/{id}',
    auth: 'admin',
    tags,
    summary: 'Change a model connection (admin)',
    params: idParam,
    body: { schema: updateConnectionBody, mediaTypes: ['application/merge-patch+json', 'application/json'] },
    responses: {
      200: { description: 'The connection as changed.', schema: connectionSchema },
      422: problem('A base URL on another host (origin) without `apiKey`: the stored key is never sent elsewhere.'),
    },
  }),
  deleteConnection: defineRoute({
    method: 'DELETE',
    path: '/models/connections/{id}',
    auth: 'admin',
    tags,
    summary: 'Delete a model connection (admin)',
    description: 'When the default chat model was one of its models, replies fall back to `local`.',
    params: idParam,
    responses: { 204: { description: 'Deleted.' } },
  }),
  testConnection: defineRoute({
    method: 'POST',
    path: '/models/connections/{id}/test',
    auth: 'admin',
    tags,
    summary: 'Test a model connection (admin)',
    description:
      'Calls `GET {baseUrl}/models`, then asks one model (the body’s, else the first listed) for one token on the connection’s wire API (16 on Responses, its minimum).',
    params: idParam,
    body: { schema: testConnectionBody, optional: true },
    responses: {
      200: { description: 'Both calls answered.', schema: connectionTestSchema },
      ...upstream,
      409: problem('Its key cannot be opened: SECRET_KEY changed.'),
    },
  }),
  connectionModels: defineRoute({
    method: 'GET',
    path: '/models/connections/{id}/models',
    auth: 'admin',
    tags,
    summary: 'List the models a connection offers (admin)',
    params: idParam,
    responses: {
      200: { description: 'Its `GET /models`, as it answered.', schema: upstreamModelsSchema },
      ...upstream,
    },
  }),
  listChatModels: defineRoute({
    method: 'GET',
    path: '/models',
    auth: 'admin',
    tags,
    summary: 'List the chat models to choose from (admin)',
    description:
      '`local`, the models of enabled connections (`<connectionId>:<model>`), and CHAT_MODEL’s, `readOnly`, when the environment sets it.',
    responses: { 200: { description: 'The choices and the current default.', schema: chatModelListSchema } },
  }),
  setDefaultChatModel: defineRoute({
    method: 'PUT',
    path: '/models/default',
    auth: 'admin',
    tags,
    summary: 'Choose the default chat model (admin)',
    description: 'Replies started from now on use it, on every instance within five seconds; no restart.',
    body: { schema: setDefaultModelBody },
    responses: {
      200: { description: 'The choices with the new default.', schema: chatModelListSchema },
      409: problem('CHAT_MODEL is set in the environment, which chooses the chat model.'),
      422: problem('No enabled connection offers that model.'),
      ...upstream,
    },
  }),
  listAllowedChatModels: defineRoute({
    method: 'GET',
    path: '/models/allowed',
    auth: 'user',
    tags,
    summary: 'List the chat models a message may name',
    description:
      'For anyone who may chat: `local`, the default and the models an admin allowed whose connection exists and is enabled. ' +
      'While CHAT_MODEL is set in the environment, its model alone. Send an `id` as `model` with POST /conversations/{id}/messages.',
    responses: { 200: { description: 'The choices, `local` first.', schema: allowedModelListSchema } },
  }),
  setAllowedChatModels: defineRoute({
    method: 'PUT',
    path: '/models/allowed',
    auth: 'admin',
    tags,
    summary: 'Choose the chat models users may pick (admin)',
    description: 'Each id is checked with its connection’s server, as for PUT /models/default.',
    body: { schema: setAllowedModelsBody },
    responses: {
      200: { description: 'The choices as GET /models/allowed now lists them.', schema: allowedModelListSchema },
      409: problem('CHAT_MODEL is set in the environment, which chooses the chat model.'),
      422: problem('An id no enabled connection offers.'),
      ...upstream,
    },
  }),
};

/** The embedding model chosen at run time and its re-index (app/api/models/embedding). */
export const embeddingModelApi = {
  getEmbeddingModel: defineRoute({
    method: 'GET',
    path: '/models/embedding',
    auth: 'admin',
    tags,
    summary: 'The embedding model and its re-index (admin)',
    description:
      'The chosen model, the one search uses now (`active`: the old one until every chunk has a vector of the chosen one), the choices, and the re-index’s progress in chunks.',
    responses: { 200: { description: 'The embedding model.', schema: embeddingModelSchema } },
  }),
  setEmbeddingModel: defineRoute({
    method: 'PUT',
    path: '/models/embedding',
    auth: 'admin',
    tags,
    summary: 'Choose the embedding model (admin)',
    description:
      'Checks that the model embeds a short text, stores the choice and starts the background re-index: new chunks get the chosen model’s vectors at once; search moves to it when every chunk has one.',
    body: { schema: setEmbeddingModelBody },
    responses: {
      200: { description: 'The embedding model as chosen.', schema: embeddingModelSchema },
      409: problem('EMBEDDING_MODEL is set in the environment, which chooses the embedding model.'),
      422: problem(
        'No enabled connection offers that model, or its server failed to embed a short text (`upstreamStatus` when it answered an error status).',
      ),
    },
  }),
};
