import { globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';

describe('the OpenAPI document', () => {
  it('describes every API route file, and nothing that is not one', () => {
    const routes = globSync('app/api/**/route.ts')
      .filter((file) => !file.includes('[...'))
      .map((file) =>
        file
          .replace(/^app\/api/, '')
          .replace(/\/route\.ts$/, '')
          .replace(/\[(\w+)\]/g, '{$1}'),
      )
      .sort();
    expect(Object.keys(buildOpenApiDocument().paths ?? {}).sort()).toEqual(routes);
  });
});
