import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { assistantSchema, updateAssistantBody } from '@/lib/schemas/assistant';
import { errorResponse, errorResponses, jsonBodyErrors, jsonOf } from '@/lib/schemas/common';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['assistant'];
const patchBody = updateAssistantBody();
const etag = {
  ETag: z
    .string()
    .meta({ description: 'Changes with every change; send it as `If-Match` to change only what you read.' }),
};

/** The assistant's profile: what a new conversation shows, and the model's instructions. */
export const assistantPaths: ZodOpenApiPathsObject = {
  '/assistant': {
    get: {
      tags,
      summary: 'The assistant’s name, greeting and starter questions',
      description: 'What a new conversation presents. Admins also get the instructions the chat model is given.',
      responses: {
        200: {
          description: 'The assistant, each field its default until an admin changes it.',
          content: jsonOf(assistantSchema),
          headers: etag,
        },
        401: e401,
        429: e429,
      },
    },
    patch: {
      tags,
      summary: 'Change the assistant (admin)',
      description:
        'Fields left out stay as they are; `null` restores a field’s default. The change shows at once on the instance ' +
        'that made it, and within two seconds on any other. With `If-Match` (the `ETag` of a read), the change applies only if nobody changed anything since.',
      requestParams: {
        header: z.object({
          'If-Match': z
            .string()
            .optional()
            .meta({ description: 'The `ETag` the change was made from; 412 if the assistant changed since.' }),
        }),
      },
      requestBody: {
        required: true,
        content: { 'application/merge-patch+json': { schema: patchBody }, 'application/json': { schema: patchBody } },
      },
      responses: {
        200: { description: 'The assistant as changed.', content: jsonOf(assistantSchema), headers: etag },
        400: e400,
        401: e401,
        403: e403,
        412: errorResponse(
          '`If-Match` names a version that is no longer current: someone changed the assistant since.',
        ),
        ...jsonBodyErrors,
        415: errorResponse('The body is not JSON (application/json or application/merge-patch+json).'),
        429: e429,
      },
    },
  },
};
