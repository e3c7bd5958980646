import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AssistantMessage } from '@/components/chat/assistant-message';
import type { ChatMessage } from '@/components/chat/types';

const reply = (parts: ChatMessage['parts']): ChatMessage => ({
  id: '0193a0b0-0000-7000-8000-000000000002',
  role: 'assistant',
  parts,
  metadata: { status: 'complete', createdAt: '2026-12-07T10:00:00.000Z' },
});

const shown = (message: ChatMessage) =>
  renderToStaticMarkup(createElement(AssistantMessage, { message, streaming: false, stopped: false }));

describe('a reply to a corrected question', () => {
  it('says under it what was searched for', () => {
    const data = { question: 'how are expenses paid?', corrections: [{ word: 'expences', correction: 'expenses' }] };
    const html = shown(
      reply([
        { type: 'text', text: 'With your salary.' },
        { type: 'data-searched-for', id: 'searched-for', data },
      ]),
    );
    expect(html).toMatch(/data-testid="searched-for">Searched for: expenses</);
    expect(shown(reply([{ type: 'text', text: 'With your salary.' }]))).not.toContain('Searched for');
  });
});
