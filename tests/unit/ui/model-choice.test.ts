import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssistantMessage } from '@/components/chat/assistant-message';
import { chatTransport } from '@/components/chat/chat-transport';
import { chooseModel } from '@/components/chat/model-choice';
import type { ChatMessage } from '@/components/chat/types';

const QUESTION = '0193a0b0-0000-7000-8000-000000000001';
const question: ChatMessage = { id: QUESTION, role: 'user', parts: [{ type: 'text', text: 'Who?' }] };

/** The JSON body the chat sends for one message, read from the request it makes. */
async function sentBody(trigger: 'submit-message' | 'regenerate-message'): Promise<Record<string, unknown>> {
  const fetch = vi.fn(
    async () => new Response('data: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } }),
  );
  vi.stubGlobal('fetch', fetch);
  await chatTransport.sendMessages({
    chatId: 'chat',
    messages: [question],
    trigger,
    messageId: trigger === 'regenerate-message' ? QUESTION : undefined,
    abortSignal: undefined,
    body: { conversationId: 'c1' },
  });
  const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return JSON.parse(String(init.body)) as Record<string, unknown>;
}

afterEach(() => {
  chooseModel(undefined);
  vi.unstubAllGlobals();
});

describe('the model picked in the chat', () => {
  it('is named by each send and regenerate; none picked, none named', async () => {
    expect(await sentBody('submit-message')).not.toHaveProperty('model');
    chooseModel('0193a0b0-0000-7000-8000-00000000000c:writer-2');
    expect(await sentBody('submit-message')).toMatchObject({ model: '0193a0b0-0000-7000-8000-00000000000c:writer-2' });
    expect(await sentBody('regenerate-message')).toMatchObject({
      trigger: 'regenerate-message',
      model: '0193a0b0-0000-7000-8000-00000000000c:writer-2',
    });
  });
});

describe('the quoting note under the built-in model’s first reply', () => {
  const reply: ChatMessage = {
    id: '0193a0b0-0000-7000-8000-000000000002',
    role: 'assistant',
    parts: [{ type: 'text', text: 'The keeper logs the weather.' }],
    metadata: { status: 'complete', createdAt: '2026-12-07T10:00:00.000Z', model: 'local:extractive' },
  };
  const shown = (isAdmin: boolean) =>
    renderToStaticMarkup(
      createElement(AssistantMessage, {
        message: reply,
        streaming: false,
        stopped: false,
        explainsQuoting: true,
        isAdmin,
      }),
    );

  it('links admins to the Models page, and no one else', () => {
    expect(shown(true)).toMatch(/Connect a model for written answers\. <a href="\/admin\/models"[^>]*>Models<\/a>/);
    expect(shown(false)).toContain('Connect a model for written answers.');
    expect(shown(false)).not.toContain('/admin/models');
  });
});
