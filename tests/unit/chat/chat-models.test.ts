import { afterEach, describe, expect, it } from 'vitest';
import { chatModelId, DEFAULT_OPENAI_CHAT_MODEL, getChatModel } from '@/lib/ai/providers/chat-models';
import { parseConfig, resetConfigForTests } from '@/lib/config';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

function withEnv(env: Record<string, string>) {
  process.env = { ...saved, ...env };
  resetConfigForTests();
  return getChatModel();
}

describe('chat model registry (CHAT_MODEL)', () => {
  it('defaults to the local extractive model', () => {
    const { model, id, extractive } = withEnv({ CHAT_MODEL: 'local' });
    expect(id).toBe('local:extractive');
    // (retrieval gives it no passages for a subject the knowledge base never mentions)
    expect(extractive).toBe(true);
    expect(model).toMatchObject({ specificationVersion: 'v4', provider: 'local' });
  });

  it('maps openai to the documented default model, and speaks /chat/completions to compatible servers', () => {
    expect(chatModelId('openai')).toBe(`openai:${DEFAULT_OPENAI_CHAT_MODEL}`);
    const compatible = withEnv({ CHAT_MODEL: 'openai:llama3.1', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' });
    expect(compatible.model).toMatchObject({ provider: 'openai.chat', modelId: 'llama3.1' });
    const official = withEnv({ CHAT_MODEL: 'openai:gpt-4.1', OPENAI_API_KEY: 'sk-x' });
    expect(official.model).toMatchObject({ provider: 'openai.responses', modelId: 'gpt-4.1' });
    expect(official.extractive).toBe(false);
    const forced = withEnv({ CHAT_MODEL: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_API: 'responses' });
    expect(forced.model).toMatchObject({ provider: 'openai.responses', modelId: DEFAULT_OPENAI_CHAT_MODEL });
  });

  it('refuses unknown providers and openai without a key or base URL at start', () => {
    expect(() => parseConfig({ CHAT_MODEL: 'anthropic:claude' })).toThrow(/CHAT_MODEL/);
    expect(() => parseConfig({ CHAT_MODEL: 'openai' })).toThrow(/OPENAI_API_KEY/);
  });
});
