import { z } from 'zod';
import { defineRoute, problem } from '@/lib/http/define-route';
import { assistantSchema, updateAssistantBody } from '@/lib/schemas/assistant';

const tags = ['assistant'];
const etag = () => ({
  ETag: z
    .string()
    .meta({ description: 'Changes with every change; send it as `If-Match` to change only what you read.' }),
});

/** The assistant's profile: what a new conversation shows, and the model's instructions. */
export const assistantApi = {
  read: defineRoute({
    method: 'GET',
    path: '/assistant',
    auth: 'user',
    tags,
    summary: 'The assistant’s name, greeting and starter questions',
    description: 'What a new conversation presents. Admins also get the instructions the chat model is given.',
    responses: {
      200: {
        description: 'The assistant, each field its default until an admin changes it.',
        schema: assistantSchema,
        headers: etag(),
      },
    },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/assistant',
    auth: 'admin',
    tags,
    summary: 'Change the assistant (admin)',
    description:
      'Fields left out stay as they are; `null` restores a field’s default. The change shows at once on the instance ' +
      'that made it, and within two seconds on any other. With `If-Match` (the `ETag` of a read), the change applies only if nobody changed anything since.',
    headers: z.object({
      'If-Match': z
        .string()
        .optional()
        .meta({ description: 'The `ETag` the change was made from; 412 if the assistant changed since.' }),
    }),
    body: { schema: updateAssistantBody, mediaTypes: ['application/merge-patch+json', 'application/json'] },
    responses: {
      200: { description: 'The assistant as changed.', schema: assistantSchema, headers: etag() },
      412: problem('`If-Match` names a version that is no longer current: someone changed the assistant since.'),
      415: problem('The body is not JSON (application/json or application/merge-patch+json).'),
    },
  }),
};
