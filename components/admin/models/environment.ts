import type { Config } from '@/lib/config';

export interface EnvironmentRow {
  name: string;
  value: string;
  note: string;
}

type ModelSettings = Pick<
  Config,
  'CHAT_MODEL' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'EMBEDDING_MODEL' | 'OLLAMA_URL'
>;

// Only a URL's host: a base URL may carry credentials (`https://user:secret@host`) or a token in its query.
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : 'set');

/**
 * The model settings in effect, as the Models page shows them, read-only: what the environment
 * decides here. Built on the server and passed down as plain rows, so no key or URL credential
 * reaches the browser.
 */
export function environmentRows(c: ModelSettings): EnvironmentRow[] {
  const byEnvironment = c.CHAT_MODEL !== 'local';
  return [
    {
      name: 'CHAT_MODEL',
      value: c.CHAT_MODEL,
      note: byEnvironment
        ? 'Chooses the chat model: the default below is read-only.'
        : 'Not set to a model: the default is chosen here.',
    },
    {
      name: 'OPENAI_BASE_URL',
      value: c.OPENAI_BASE_URL ? hostOf(c.OPENAI_BASE_URL) : 'not set',
      note: c.OPENAI_BASE_URL ? 'Where openai:* models are asked.' : 'openai:* models are asked at api.openai.com.',
    },
    {
      name: 'OPENAI_API_KEY',
      value: c.OPENAI_API_KEY ? 'set' : 'not set',
      note: 'Sent to OPENAI_BASE_URL; its value is never shown.',
    },
    {
      name: 'EMBEDDING_MODEL',
      value: c.EMBEDDING_MODEL,
      note: 'Turns passages and questions into vectors for search.',
    },
    {
      name: 'OLLAMA_URL',
      value: c.OLLAMA_URL === 'off' ? 'off' : hostOf(c.OLLAMA_URL),
      note:
        c.OLLAMA_URL === 'off'
          ? 'No Ollama server is looked for.'
          : 'Where an Ollama server is looked for at start, to suggest it as a connection.',
    },
  ];
}
