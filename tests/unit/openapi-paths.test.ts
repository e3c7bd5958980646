import { globSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@/lib/api';
import { defineRoute, problem, type RouteDeclaration } from '@/lib/http/define-route';
import { DECLARATION } from '@/lib/http/serve-route';
import { buildOpenApiDocument } from '@/lib/openapi/build-document';
import { pathsOf } from '@/lib/openapi/route-operation';

const routeFiles = globSync('app/api/**/route.ts').filter((file) => !file.includes('[...'));
const pathOf = (file: string) =>
  file
    .replace(/^app\/api/, '')
    .replace(/\/route\.ts$/, '')
    .replace(/\[(\w+)\]/g, '{$1}');

describe('the OpenAPI document', () => {
  it('describes every API route file, and nothing that is not one', () => {
    const routes = routeFiles.map(pathOf).sort();
    expect(Object.keys(buildOpenApiDocument().paths ?? {}).sort()).toEqual(routes);
  });

  it('is collected from the declarations the route files serve, each under its own method and path', async () => {
    const served: RouteDeclaration[] = [];
    for (const file of routeFiles) {
      const mod = (await import(path.resolve(file))) as Record<string, { [DECLARATION]?: RouteDeclaration }>;
      for (const [method, handler] of Object.entries(mod)) {
        const declaration = handler[DECLARATION];
        if (!declaration) continue;
        expect(`${method} ${pathOf(file)}`).toBe(`${declaration.method} ${declaration.path}`);
        served.push(declaration);
      }
    }
    expect(new Set(served)).toEqual(new Set(apiRoutes));
    expect(served).toHaveLength(apiRoutes.length);
    // Loading every route module (and what it imports) takes a while the first time.
  }, 120_000);

  it('adds the problems a declaration implies, and lets the declaration word its own', () => {
    const route = defineRoute({
      method: 'PATCH',
      path: '/things/{id}',
      auth: 'admin',
      tags: ['things'],
      summary: 'Change a thing',
      params: z.object({ id: z.uuid() }),
      body: { schema: z.object({ name: z.string() }) },
      responses: { 200: { description: 'Changed.' }, 409: problem('Busy.'), 404: problem('No such thing.') },
    });
    const op = pathsOf([route])['/things/{id}']!.patch! as { responses: Record<string, { description: string }> };
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '429']);
    expect(op.responses['404']!.description).toBe('No such thing.');
    const open = pathsOf([
      { ...route, auth: 'public', limit: 'none', body: undefined, params: undefined, path: '/things' },
    ])['/things']!.patch! as { responses: Record<string, unknown>; security?: unknown[] };
    expect(Object.keys(open.responses)).toEqual(['200', '404', '409']);
    expect(open.security).toEqual([]);
  });
});
