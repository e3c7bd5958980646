import { describe, expect, it } from 'vitest';
import { compoundWords, memberNames } from '@/lib/knowledge/index';

const words = (text: string) => compoundWords(text).split(' ').filter(Boolean);

describe('compoundWords', () => {
  it('lists the words of camelCase and PascalCase names', () => {
    expect(words('Use onToolExecutionStart to log it.')).toEqual(['on', 'Tool', 'Execution', 'Start']);
    expect(words('new XMLHttpRequest()')).toEqual(['XML', 'Http', 'Request']);
    expect(words('stopWhen: stepCountIs(5)')).toEqual(['stop', 'When', 'step', 'Count', 'Is']);
  });

  it('lists the names and words joined by dots and slashes, which the parser reads as hosts and paths', () => {
    expect(words('read result.toolCalls')).toEqual(['result', 'toolCalls', 'tool', 'Calls']);
    expect(words('import { openai } from "@ai-sdk/openai";')).toEqual(['ai', 'sdk', 'openai']);
  });

  it('leaves alone what the parser already splits, and the mixed case of science and products', () => {
    expect(words('max_tokens, ai-sdk, mRNA, miRNAs, iPhone, v1.5, e.g. plain words')).toEqual([]);
  });

  it('lists each word once however often its name occurs', () => {
    expect(words('streamText, then streamText again, and streamText.')).toEqual(['stream', 'Text']);
  });

  it('lists the members named after a dot, each time, and no abbreviations or versions', () => {
    expect(memberNames('_.each(list); $.each(o); Promise.all([p]).then(f); call .then() and _.each again')).toBe(
      'each each all then then each',
    );
    expect(memberNames('e.g. v1.5 i.e. plain words, end.')).toBe('');
  });
});
