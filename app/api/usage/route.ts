import { usageReport } from '@/lib/conversations/usage-report';
import { parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { usageQuery } from '@/lib/schemas/usage';

// GET /api/usage – conversations, questions and replies per day, and the sources replies cite (admin)
export const GET = withApi(async ({ req }) => json(await usageReport(parseQuery(req, usageQuery()))), {
  auth: 'admin',
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
