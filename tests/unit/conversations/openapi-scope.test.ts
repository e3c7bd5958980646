import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

type Schema = { properties?: Record<string, Schema>; required?: string[]; items?: Schema; $ref?: string };

describe('conversation scope and restricted citations in the OpenAPI document', () => {
  const doc = buildOpenApiDocument() as unknown as { components: { schemas: Record<string, Schema> } };
  const schemas = doc.components.schemas;

  it('documents a citation of a source the reader may no longer read', () => {
    expect(schemas.RestrictedCitation).toMatchObject({
      properties: { n: { type: 'integer' }, restricted: { const: true } },
      required: ['n', 'restricted'],
    });
    expect(JSON.stringify(schemas.UIMessage)).toContain('#/components/schemas/RestrictedCitation');
  });

  it('takes and returns a conversation’s collections', () => {
    expect(schemas.Conversation!.required).toContain('collectionIds');
    expect(schemas.CreateConversation!.properties).toHaveProperty('collectionIds');
    expect(schemas.UpdateConversation!.properties).toHaveProperty('collectionIds');
  });
});
