import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

describe('chat in the OpenAPI document', () => {
  it('documents the message stream and the deprecated /ask', () => {
    const doc = buildOpenApiDocument() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { deprecated?: boolean; tags?: string[]; responses: Record<string, { content?: Record<string, unknown> }> }
        >
      >;
      components: { schemas: Record<string, unknown> };
    };
    const send = doc.paths['/conversations/{id}/messages']!.post!;
    expect(send.tags).toEqual(['conversations']);
    expect(Object.keys(send.responses['200']!.content!)).toEqual(['text/event-stream', 'text/plain']);
    expect(Object.keys(send.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '404',
      '409',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    const ask = doc.paths['/ask']!.post!;
    expect(ask.deprecated).toBe(true);
    expect(doc.components.schemas).toHaveProperty('Citation');
    expect(doc.components.schemas).toHaveProperty('SendMessage');
  });
});
