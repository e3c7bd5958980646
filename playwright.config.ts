import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.mjs';

const PORT = 3210;
const baseURL = `http://127.0.0.1:${PORT}`;
// A fresh embedded database per run, and a known admin key for the tests.
const dataDir = `./data/e2e-${process.pid}`;
export const E2E_ADMIN_KEY = 'gwk_e2e-admin-key-for-browser-tests-only';
/**
 * What every server of the tests runs with. A build of their own (`npm test` leaves the build a
 * running `npm start` serves alone), and the default models: `next start` also reads .env.local,
 * and a developer's own settings there (a hosted model, say) must not reach the tests.
 */
export const E2E_SERVER_ENV = { NEXT_DIST_DIR: '.next-e2e', CHAT_MODEL: 'local', EMBEDDING_MODEL: 'local' };

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Tests run against a production build: what users get.
    command: `npm run build && npm start -- -p ${PORT} -H 127.0.0.1`,
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...E2E_SERVER_ENV,
      DATABASE_URL: `pglite:${dataDir}`,
      ADMIN_API_KEY: E2E_ADMIN_KEY,
      LOG_FORMAT: 'json',
      // The one private address URL ingestion may reach: a page served by the tests (127.0.0.1 stays refused).
      URL_ALLOWLIST: '127.0.0.2',
      RATE_LIMIT_REQUESTS: '100000',
      RATE_LIMIT_IP_REQUESTS: '100000',
      RATE_LIMIT_MESSAGES: '10000',
      // Smaller than the default, so the composer's limit is seen to be the server's.
      MAX_MESSAGE_CHARS: '4000',
      // ANONYMOUS_ACCESS stays unset, as on a fresh install: no spec creates an account on this
      // server (accounts.spec and sso.spec start servers of their own), so visitors chat freely.
    },
  },
});
