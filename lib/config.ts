import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment. Every setting is documented in
 * `.env.example` and docs/configuration.md; a bad value stops the start with a message
 * naming the setting.
 */

const bytes = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A Tesseract language's trained data is installed (looked up from the project's root, as the parse pool is). */
const ocrDataInstalled = (lang: string) =>
  /^[a-z_]+$/i.test(lang) &&
  existsSync(path.join(process.cwd(), 'node_modules', '@tesseract.js-data', lang, 'package.json'));

const optionalString = z
  .string()
  .optional()
  .transform((v) => v || undefined);
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),

  // Storage: unset or `pglite:<dir>` (embedded, default ./data/pglite), `pglite:memory` (tests),
  // or `postgres://…` (a PostgreSQL server with pgvector).
  DATABASE_URL: z
    .string()
    .default('pglite:./data/pglite')
    .refine((v) => /^(pglite:.+|postgres(ql)?:\/\/.+)$/.test(v), {
      message: 'must be pglite:<dir>, pglite:memory or postgres://user:pass@host:port/db',
    }),
  DATABASE_POOL_SIZE: positiveInt(10),
  // With DATABASE_URL pointing at a transaction-mode pooler (PgBouncer, Supabase, Neon, RDS Proxy):
  // the same database without it, for migrations and LISTEN, which need a session of their own.
  DATABASE_DIRECT_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined) // an empty line in an env file is unset
    .refine((v) => v === undefined || /^postgres(ql)?:\/\/.+$/.test(v), {
      message: 'must be postgres://user:pass@host:port/db',
    }),

  // Auth
  ADMIN_API_KEY: z
    .string()
    .min(24, 'must be at least 24 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Encrypts model connections' API keys at rest (HKDF → AES-256-GCM). Unset: generated at first
  // start and kept in the database's settings, as the session secret is.
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Anonymous visitors (no sign-in) may chat and read public collections: `on` | `off`. Unset: `on`
  // while there is no identity provider and no account, so a fresh install works with no sign-in.
  ANONYMOUS_ACCESS: z
    .enum(['on', 'off'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Single sign-on with OpenID Connect (docs/teams.md): all three of issuer, client id and secret, or none.
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
  OIDC_ALLOWED_DOMAINS: list,
  OIDC_ADMIN_GROUPS: list,
  // The collection a source goes to when its request names none; created (public) at first start.
  DEFAULT_COLLECTION: z.string().trim().min(1).max(100).default('General'),
  // `true` (one proxy) or the number of proxies in front of the app, each appending to X-Forwarded-For.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => /^(true|false|yes|no|[0-9]|)$/.test(v), {
      message: 'must be true, false or the number of proxies (0-9)',
    })
    .transform((v) => (v === 'true' || v === 'yes' ? 1 : /^[0-9]$/.test(v) ? Number(v) : 0)),

  // Limits
  MAX_JSON_BYTES: bytes(1024 * 1024),
  MAX_UPLOAD_BYTES: bytes(25 * 1024 * 1024),
  // What a DOCX's parts or a PDF's streams may inflate to, together: ten times the upload
  // limit, past what text compresses by (3-6x), far short of a bomb's 1,000x.
  MAX_EXPANDED_BYTES: bytes(256 * 1024 * 1024),
  MAX_MESSAGE_CHARS: positiveInt(32_000),
  MAX_TITLE_CHARS: positiveInt(200),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  RATE_LIMIT_REQUESTS: positiveInt(600),
  RATE_LIMIT_MESSAGES: positiveInt(60),
  RATE_LIMIT_IP_REQUESTS: positiveInt(1200),
  RATE_LIMIT_VISITOR_MESSAGES: positiveInt(120),

  // Models
  CHAT_MODEL: z
    .string()
    .default('local')
    .refine((v) => /^(local|openai)(:\S+)?$/.test(v), { message: 'must be local, openai or openai:<model>' }),
  EMBEDDING_MODEL: z
    .string()
    .default('local')
    .refine((v) => /^(local|local-hash-v1|local-hash-v2|openai:\S+)$/.test(v), {
      message: 'must be local (or local-hash-v1, local-hash-v2) or openai:<model>',
    }),
  // Time limits of a remote embedding model: a batch of chunks (retries included) while
  // ingesting or re-indexing, and a query's vector at search time (past it: BM25 alone).
  EMBEDDING_TIMEOUT_MS: positiveInt(60_000),
  SEARCH_EMBEDDING_TIMEOUT_MS: positiveInt(5_000),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Which OpenAI wire API chat uses: `responses` (OpenAI's default) or `chat` (/chat/completions, what most
  // OpenAI-compatible servers speak). Unset: `chat` when OPENAI_BASE_URL is set, else `responses`.
  OPENAI_API: z
    .enum(['responses', 'chat'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CHAT_HISTORY_TOKENS: positiveInt(3000),
  // Where an Ollama server is looked for (its /api/tags), to offer it as a connection; `off`: never.
  OLLAMA_URL: z
    .string()
    .default('http://127.0.0.1:11434')
    .refine((v) => v === 'off' || URL.canParse(v), { message: 'must be a URL or off' }),
  // Longest wait for a model connection's server while testing it or listing its models.
  MODEL_TEST_TIMEOUT_MS: positiveInt(10_000),
  // A remote chat model's longest silence: before its first text, or between two pieces of it.
  CHAT_STALL_TIMEOUT_MS: positiveInt(60_000),

  // Knowledge
  CHUNK_TOKENS: positiveInt(256),
  CHUNK_OVERLAP_TOKENS: z.coerce.number().int().min(0).default(32),
  SEARCH_K: z.coerce.number().int().min(1).max(100).default(8),
  INGEST_WORKER: bool(true),
  INGEST_CONCURRENCY: positiveInt(1),
  // Short, renewed every fifth of it: a dead worker's sources move on in seconds, not a minute.
  INGEST_LEASE_SECONDS: positiveInt(10),
  URL_ALLOWLIST: list,
  URL_MAX_BYTES: bytes(10 * 1024 * 1024),
  URL_TIMEOUT_MS: positiveInt(15_000),
  // A crawl's pages when it names no maxPages (its own may go to 10,000).
  CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(10_000).default(500),
  // Politeness: the pause between two requests of a crawl (robots.txt's Crawl-delay wins when longer).
  CRAWL_DELAY_MS: z.coerce.number().int().min(0).default(500),
  SEARCH_BM25_K1: z.coerce.number().min(0).default(0.9),
  SEARCH_BM25_B: z.coerce.number().min(0).max(1).default(0.4),
  SEARCH_VECTOR_WEIGHT: z.coerce.number().min(0).max(1).default(0.1),
  SEARCH_GRAM_WEIGHT: z.coerce.number().min(0).max(1).default(0.4),
  // How each search default was chosen: docs/benchmarks.md#how-the-search-defaults-were-chosen.
  SEARCH_PHRASE_WEIGHT: z.coerce.number().min(0).max(1).default(0.1),
  SEARCH_SUBWORD_WEIGHT: z.coerce.number().min(0).max(1).default(0.3),
  SEARCH_MIN_SIMILARITY: z.coerce.number().min(-1).max(1).default(0.2),
  // BM25 candidates per search (at least 2k): 50 costs a fifth less time than 100 for nearly the same ranking.
  SEARCH_CANDIDATES: positiveInt(50),
  // HNSW breadth: 100 ranks better than 50 for 3 ms at p95; 200 adds nothing.
  SEARCH_HNSW_EF_SEARCH: z.coerce.number().int().min(1).max(1000).default(100),
  SEARCH_MIN_SCORE: z.coerce.number().min(0).default(0),
  INGEST_BATCH_SOURCES: positiveInt(128),
  PARSE_TIMEOUT_MS: positiveInt(60_000),
  PARSE_MAX_HEAP_MB: positiveInt(2048),
  PDF_MAX_PAGES: positiveInt(2000),
  PDF_TIMEOUT_MS: positiveInt(60_000),
  // Scanned pages and images: the trained data comes from installed packages, never downloaded.
  OCR_LANGUAGES: list
    .transform((langs) => (langs.length ? langs : ['eng']))
    .superRefine((langs, ctx) => {
      for (const lang of langs.filter((l) => !ocrDataInstalled(l)))
        ctx.addIssue({
          code: 'custom',
          message: `no trained data for "${lang}": install the package @tesseract.js-data/${lang}, or leave out the language (default eng)`,
        });
    }),
  OCR_MAX_PIXELS: positiveInt(100_000_000),

  // Logs
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Embedded database: statements that ran at least this long are named on stderr (0: off). */
  DB_SLOW_MS: z.coerce.number().int().min(0).default(0),
});

/** Every setting's name, for the documentation check. */
export const SETTING_NAMES = Object.keys(schema.shape);

export type Config = z.infer<typeof schema> & { logFormat: 'json' | 'pretty' };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  if (/^openai(:|$)/.test(c.CHAT_MODEL) && !c.OPENAI_API_KEY && !c.OPENAI_BASE_URL) {
    throw new ConfigError('Invalid configuration:\n  OPENAI_API_KEY: required when CHAT_MODEL is openai:*');
  }
  if (c.EMBEDDING_MODEL.startsWith('openai:') && !c.OPENAI_API_KEY && !c.OPENAI_BASE_URL) {
    throw new ConfigError('Invalid configuration:\n  OPENAI_API_KEY: required when EMBEDDING_MODEL is openai:*');
  }
  const oidc = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidc > 0 && oidc < 3) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three for single sign-on, or none',
    );
  }
  // BM25 gets what the others leave: 1 − gram − vector − phrase.
  if (c.SEARCH_GRAM_WEIGHT + c.SEARCH_VECTOR_WEIGHT + c.SEARCH_PHRASE_WEIGHT > 1) {
    throw new ConfigError(
      'Invalid configuration:\n  SEARCH_GRAM_WEIGHT, SEARCH_VECTOR_WEIGHT, SEARCH_PHRASE_WEIGHT: together at most 1 (BM25 has the rest)',
    );
  }
  return { ...c, logFormat: c.LOG_FORMAT ?? (c.NODE_ENV === 'production' ? 'json' : 'pretty') };
}

let cached: Config | undefined;

/** The validated configuration of this process (read once). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests change the environment between suites; production never calls this. */
export function resetConfigForTests(): void {
  cached = undefined;
}
