import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { schemaOf, type Answer, type ProblemAnswer, type RouteDeclaration } from '@/lib/http/define-route';
import { errorResponse, errorResponses, jsonBodyErrors, jsonOf } from '@/lib/schemas/common';
import { openAiErrorSchema } from '@/lib/schemas/openai';

const usualProblems: Record<number, ZodOpenApiResponseObject> = { ...errorResponses, ...jsonBodyErrors };

/** The OpenAPI `paths` of the declared operations: one path item per path, in the order first declared. */
export function pathsOf(routes: readonly RouteDeclaration[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase() as 'get'] = operationOf(route);
  }
  return paths;
}

function operationOf(route: RouteDeclaration): ZodOpenApiOperationObject {
  const { body } = route;
  const query = route.query && schemaOf(route.query);
  const requestParams = {
    ...(route.params && { path: route.params }),
    ...(query && { query }),
    ...(route.headers && { header: route.headers }),
  };
  return {
    tags: route.tags,
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(route.deprecated && { deprecated: true }),
    ...(route.auth === 'public' && { security: [] }),
    ...(Object.keys(requestParams).length > 0 && { requestParams }),
    ...(body &&
      'schema' in body && {
        requestBody: {
          required: !body.optional,
          content: contentOf(schemaOf(body.schema), body.mediaTypes ?? ['application/json']),
        },
      }),
    ...(body && 'documented' in body && { requestBody: body.documented }),
    responses: errorShaped(route, { ...problemsOf(route), ...answersOf(route) }),
  } as ZodOpenApiOperationObject;
}

/** The `/v1` routes answer their errors in OpenAI's shape (`errors: 'openai'`), not problem+json. */
function errorShaped(
  route: RouteDeclaration,
  responses: Record<number, ZodOpenApiResponseObject>,
): Record<number, ZodOpenApiResponseObject> {
  if (route.errors !== 'openai') return responses;
  const withServerErrors = { 500: errorResponses[500], 503: errorResponses[503], ...responses };
  return Object.fromEntries(
    Object.entries(withServerErrors).map(([status, response]) => [
      status,
      Number(status) >= 400 ? { ...response, content: jsonOf(openAiErrorSchema) } : response,
    ]),
  );
}

/** The problems any operation declared so can answer (see RouteDeclaration.responses). */
function problemsOf(route: RouteDeclaration): Record<number, ZodOpenApiResponseObject> {
  const statuses = [
    route.params || route.query || route.body ? 400 : 0,
    route.auth === 'public' ? 0 : 401,
    route.auth === 'admin' ? 403 : 0,
    route.path.includes('{') ? 404 : 0,
    route.body ? 413 : 0,
    route.body ? 415 : 0,
    route.limit === 'none' ? 0 : 429,
  ].filter((status) => status > 0);
  return Object.fromEntries(statuses.map((status) => [status, usualProblems[status]!]));
}

function answersOf(route: RouteDeclaration): Record<number, ZodOpenApiResponseObject> {
  return Object.fromEntries(
    Object.entries(route.responses).map(([status, answer]) => [status, responseOf(Number(status), answer)]),
  );
}

function responseOf(status: number, answer: Answer | ProblemAnswer): ZodOpenApiResponseObject {
  if ('problem' in answer) {
    const usual = usualProblems[status];
    if (answer.description) return errorResponse(answer.description);
    if (!usual) throw new Error(`A ${status} problem needs its description.`);
    return usual;
  }
  const { description, schema, content, headers } = answer;
  return {
    description,
    ...(headers && { headers }),
    ...((schema || content) && { content: content ?? jsonOf(schema) }),
  } as ZodOpenApiResponseObject;
}

const contentOf = (schema: unknown, mediaTypes: readonly string[]) =>
  Object.fromEntries(mediaTypes.map((type) => [type, { schema }]));
