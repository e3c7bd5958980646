import { noSuchEndpoint } from '@/lib/http/with-api';

// Every method of any /api path no route file handles – 404 as problem+json (see noSuchEndpoint)
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = noSuchEndpoint();
