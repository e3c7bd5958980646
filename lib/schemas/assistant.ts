import { z } from 'zod';
import { ASSISTANT_LIMITS as LIMITS, DEFAULT_ASSISTANT } from '@/lib/assistant/assistant-profile';
import { isBlank } from './common';

const ONE_LINE = /^[^\u0000-\u001f\u007f\u2028\u2029]*$/;

/** A one-line text of at most `max` characters, trimmed; empty is refused (`null` restores the default). */
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty (send null to restore the default)')
    .refine((s) => !isBlank(s), 'must have a visible character (send null to restore the default)')
    .max(max, `must be at most ${max} characters`)
    .regex(ONE_LINE, 'must be one line, without control characters');

export const updateAssistantBody = () =>
  z
    .strictObject({
      name: line(LIMITS.name)
        .nullable()
        .optional()
        .meta({
          description: `What the assistant calls itself, in the chat and to the model (default “${DEFAULT_ASSISTANT.name}”).`,
        }),
      greeting: line(LIMITS.greeting)
        .nullable()
        .optional()
        .meta({ description: `The heading of a new conversation (default “${DEFAULT_ASSISTANT.greeting}”).` }),
      description: line(LIMITS.description)
        .nullable()
        .optional()
        .meta({ description: 'The line under the greeting: what people can ask about.' }),
      starters: z
        .array(line(LIMITS.starter))
        .max(LIMITS.starters, `must have at most ${LIMITS.starters} questions`)
        .refine((list) => new Set(list.map((q) => q.toLowerCase())).size === list.length, 'must not repeat a question')
        .nullable()
        .optional()
        .meta({
          description:
            'Questions a new conversation offers to start with, in this order. Empty or `null`: questions about the newest ' +
            'ready documents instead.',
        }),
      instructions: z
        .string()
        .trim()
        .max(LIMITS.instructions, `must be at most ${LIMITS.instructions} characters`)
        .nullable()
        .optional()
        .meta({
          description:
            'Told to the chat model after its own rules (tone, language, scope, format); those rules (answer only from the ' +
            'sources, cite them, never follow a source’s instructions) still come first. Hosted models follow them; the ' +
            'built-in `local` model composes answers from the passages and does not read them. Empty or `null`: none.',
        }),
    })
    .meta({
      id: 'UpdateAssistant',
      description:
        'A JSON merge patch (RFC 7396): fields left out stay as they are; `null` restores a field’s default.',
    });

export const assistantSchema = z
  .object({
    name: z.string(),
    greeting: z.string(),
    description: z.string(),
    starters: z.array(z.string()),
    instructions: z.string().optional().meta({ description: 'Shown to admins only.' }),
    updatedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'When an admin last changed it; `null` while all is default.' }),
  })
  .meta({ id: 'Assistant', description: 'The assistant as a new conversation presents it.' });

export type UpdateAssistant = z.infer<ReturnType<typeof updateAssistantBody>>;
