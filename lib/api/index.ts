import type { RouteDeclaration } from '@/lib/http/define-route';
import { accountsApi } from './accounts';
import { adminApi } from './admin';
import { assistantApi } from './assistant';
import { chatApi } from './chat';
import { collectionsApi } from './collections';
import { conversationsApi } from './conversations';
import { feedbackApi } from './feedback';
import { groupsApi } from './groups';
import { knowledgeApi } from './knowledge';
import { mcpApi } from './mcp';
import { embeddingModelApi, modelsApi } from './models';
import { openAiApi } from './openai';
import { ssoApi } from './sso';
import { syncApi } from './sync';
import { crawlsApi } from './crawls';
import { refreshesApi } from './refreshes';

/**
 * Every operation of the API, in the order the OpenAPI document lists them. The declarations
 * live here in lib, imported by both their route file and the document, so the document is
 * one import away without a server or Next.js's route loading.
 */
export const apiRoutes: RouteDeclaration[] = [
  conversationsApi,
  chatApi,
  openAiApi,
  feedbackApi,
  assistantApi,
  knowledgeApi,
  mcpApi,
  accountsApi,
  collectionsApi,
  groupsApi,
  modelsApi,
  embeddingModelApi,
  adminApi,
  ssoApi,
  syncApi,
  crawlsApi,
  refreshesApi,
].flatMap((group) => Object.values(group) as RouteDeclaration[]);
