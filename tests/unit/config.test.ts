import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, SETTING_NAMES } from '@/lib/config';

describe('configuration', () => {
  it('runs with no settings at all on the embedded defaults', () => {
    const c = parseConfig({});
    expect(c.DATABASE_URL).toBe('pglite:./data/pglite');
    expect(c.CHAT_MODEL).toBe('local');
    expect(c.EMBEDDING_MODEL).toBe('local');
    expect(c.MAX_JSON_BYTES).toBe(1024 * 1024);
    expect(c.MAX_MESSAGE_CHARS).toBe(32_000);
    expect(c.MAX_TITLE_CHARS).toBe(200);
    expect(c.logFormat).toBe('pretty');
  });

  it('logs JSON in production', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['MAX_JSON_BYTES', { MAX_JSON_BYTES: '-5' }],
    ['ADMIN_API_KEY', { ADMIN_API_KEY: 'short' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['OPENAI_API_KEY', { CHAT_MODEL: 'openai:gpt-4o-mini' }],
    ['EMBEDDING_MODEL', { EMBEDDING_MODEL: 'text-embedding-3-small' }],
    ['SEARCH_K', { SEARCH_K: '101' }],
    ['DATABASE_DIRECT_URL', { DATABASE_DIRECT_URL: 'pglite:./data' }],
    ['SEARCH_GRAM_WEIGHT', { SEARCH_GRAM_WEIGHT: '0.7', SEARCH_VECTOR_WEIGHT: '0.4' }],
    ['SEARCH_PHRASE_WEIGHT', { SEARCH_GRAM_WEIGHT: '0.5', SEARCH_VECTOR_WEIGHT: '0.2', SEARCH_PHRASE_WEIGHT: '0.4' }],
  ])('stops with a message naming %s', (name, env) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(name));
  });

  it('takes DATABASE_DIRECT_URL beside a pooler, and an empty one as unset', () => {
    expect(
      parseConfig({ DATABASE_URL: 'postgres://u@pooler:6432/app', DATABASE_DIRECT_URL: 'postgres://u@db:5432/app' })
        .DATABASE_DIRECT_URL,
    ).toBe('postgres://u@db:5432/app');
    expect(parseConfig({ DATABASE_DIRECT_URL: '' }).DATABASE_DIRECT_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(
      [undefined, 'false', '0', 'true', 'yes', '2'].map((v) => parseConfig({ TRUST_PROXY: v }).TRUST_PROXY),
    ).toEqual([0, 0, 0, 1, 1, 2]);
  });

  it('accepts a PostgreSQL URL and an OpenAI-compatible server without a key', () => {
    const c = parseConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      CHAT_MODEL: 'openai:llama3',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
    });
    expect(c.DATABASE_URL).toMatch(/^postgres:/);
  });

  it('reads scans in English by default, and refuses at start an OCR language whose trained data is not installed', () => {
    expect(parseConfig({}).OCR_LANGUAGES).toEqual(['eng']);
    expect(parseConfig({ OCR_LANGUAGES: ' eng ' }).OCR_LANGUAGES).toEqual(['eng']);
    expect(() => parseConfig({ OCR_LANGUAGES: 'eng,deu' })).toThrow(
      /OCR_LANGUAGES: no trained data for "deu": install the package @tesseract.js-data\/deu/,
    );
    expect(() => parseConfig({ OCR_LANGUAGES: '../../etc' })).toThrow(ConfigError);
  });

  it('documents every setting in docs/configuration.md and in .env.example', () => {
    const readme = readFileSync('docs/configuration.md', 'utf8');
    const example = readFileSync('.env.example', 'utf8');
    const undocumented = SETTING_NAMES.filter((name) => name !== 'NODE_ENV' && !readme.includes(`\`${name}\``));
    const missing = SETTING_NAMES.filter(
      (name) => name !== 'NODE_ENV' && !new RegExp(`^#? ?${name}=`, 'm').test(example),
    );
    expect({ undocumented, missing }).toEqual({ undocumented: [], missing: [] });
  });
});
