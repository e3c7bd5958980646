import { describe, expect, it } from 'vitest';
import { onPanelRequest, requestPanel } from '@/components/admin/panel-requests';

describe('requests between admin panels', () => {
  it('reach the panels handling their kind while they are subscribed, and only those', () => {
    const found: string[] = [];
    const starters: string[] = [];
    const stopFinding = onPanelRequest('findSource', (title) => found.push(title));
    const stopStarters = onPanelRequest('addStarter', (question) => starters.push(question));
    requestPanel('findSource', 'Handbook');
    requestPanel('addStarter', 'How do I reset my password?');
    stopFinding();
    requestPanel('findSource', 'Gone');
    stopStarters();
    expect(found).toEqual(['Handbook']);
    expect(starters).toEqual(['How do I reset my password?']);
  });

  it('are dropped when no panel of their kind is on the page', () => {
    expect(() => requestPanel('testRetrieval', 'anything')).not.toThrow();
  });
});
