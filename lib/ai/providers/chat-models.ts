import 'server-only';
import { createOpenAI } from '@ai-sdk/openai';
import { NoSuchModelError, type LanguageModelV4, type ProviderV4 } from '@ai-sdk/provider';
import { createProviderRegistry } from 'ai';
import { config, type Config } from '@/lib/config';
import { LocalLanguageModel } from '@/lib/ai/local/local-language-model';

/** What `CHAT_MODEL=openai` (no model name) means. */
export const DEFAULT_OPENAI_CHAT_MODEL = 'gpt-4.1-mini';

const localProvider: ProviderV4 = {
  specificationVersion: 'v4',
  languageModel: (modelId) => new LocalLanguageModel(modelId),
  embeddingModel: (modelId) => {
    throw new NoSuchModelError({ modelId, modelType: 'embeddingModel' });
  },
  imageModel: (modelId) => {
    throw new NoSuchModelError({ modelId, modelType: 'imageModel' });
  },
};

/**
 * `openai:<model>` speaks the Responses API to OpenAI itself, and
 * /chat/completions to OpenAI-compatible servers (Ollama, vLLM, LM Studio),
 * which rarely implement Responses. OPENAI_API overrides the guess.
 */
function openaiProvider(c: Config): ProviderV4 {
  const openai = createOpenAI({ apiKey: c.OPENAI_API_KEY ?? 'unused', baseURL: c.OPENAI_BASE_URL });
  const api = c.OPENAI_API ?? (c.OPENAI_BASE_URL ? 'chat' : 'responses');
  return {
    specificationVersion: 'v4',
    languageModel: (modelId) => (api === 'chat' ? openai.chat(modelId) : openai.responses(modelId)),
    embeddingModel: (modelId) => openai.embeddingModel(modelId),
    imageModel: (modelId) => openai.imageModel(modelId),
  };
}

let cached: { config: Config; registry: ReturnType<typeof build> } | undefined;

function build(c: Config) {
  return createProviderRegistry({ local: localProvider, openai: openaiProvider(c) });
}

/** `local` → `local:extractive`; `openai` → `openai:<default model>`; `provider:model` as written (config validates it). */
export function chatModelId(setting: string): `${string}:${string}` {
  if (setting === 'local') return 'local:extractive';
  if (setting === 'openai') return `openai:${DEFAULT_OPENAI_CHAT_MODEL}`;
  return setting as `${string}:${string}`;
}

/** The chat model chosen by CHAT_MODEL, and the id recorded on each reply. */
export interface ChatModel {
  model: LanguageModelV4;
  id: string;
  /**
   * It answers with the passages' own sentences and cannot tell a passage that only shares a word
   * from one that answers: retrieval gives it none when the knowledge base never mentions the subject.
   */
  extractive: boolean;
}

export function getChatModel(): ChatModel {
  const c = config();
  if (cached?.config !== c) cached = { config: c, registry: build(c) };
  const id = chatModelId(c.CHAT_MODEL);
  const model = cached.registry.languageModel(id as `local:${string}`);
  return { model, id, extractive: model instanceof LocalLanguageModel };
}
