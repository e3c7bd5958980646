// Keeping web pages and crawls in sync with their sites: scheduled and manual refreshes, conditional
// requests, and their log. The entry of lib/knowledge/refresh: code outside lib/knowledge imports from here.

export { getRefreshOrThrow, listRefreshes } from './list-refreshes';
export { drainRefreshes, runRefreshStep } from './run-refresh-step';
export { requestCrawlRefresh, requestSourceRefresh, setCrawlRefresh, setSourceRefresh } from './set-refresh';
