import { describe, expect, it } from 'vitest';
import { chunkContext } from '@/lib/knowledge/index';

describe('chunkContext', () => {
  it('reads a chunk with its title, heading path and table header', () => {
    expect(chunkContext('Handbook', { headings: ['Leave', 'Sick leave'], tableHeader: '| day | pay |' })).toEqual([
      'Handbook',
      'Leave',
      'Sick leave',
      '| day | pay |',
    ]);
  });

  it('gives the words of a title that is a file name, which the text search parser reads as one host name', () => {
    expect(chunkContext('release-schedule.json', { headings: ['v18'] })).toEqual([
      'release-schedule.json',
      'release schedule',
      'v18',
    ]);
    expect(chunkContext('debian.csv', {})).toEqual(['debian.csv', 'debian']);
    expect(chunkContext('Next.js', {})).toEqual(['Next.js']);
    expect(chunkContext('Annual report 2025.pdf', {})).toEqual(['Annual report 2025.pdf']);
  });
});
