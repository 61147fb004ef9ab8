import { describe, expect, it } from 'vitest';
import { documentTitle, pageName, searchPageName } from './document-title';

describe('documentTitle', () => {
  it('counts waiting sessions', () => {
    expect(documentTitle(0)).toBe('Sessionscope');
    expect(documentTitle(2)).toBe('(2) Sessionscope');
    expect(documentTitle(1, 'Sessions')).toBe('(1) Sessions · Sessionscope');
  });
});

describe('pageName', () => {
  it('names each page, a search by its words, a session by what the page said', () => {
    expect(pageName('/')).toBe('Overview');
    expect(pageName('/sessions')).toBe('Sessions');
    expect(pageName('/plans')).toBe('Plans');
    expect(pageName('/tools')).toBe('Tools & models');
    expect(pageName('/diagnostics')).toBe('Diagnostics');
    expect(pageName('/search')).toBe('Search');
    expect(pageName('/search', searchPageName(' list '))).toBe('“list” · Search');
    expect(pageName('/sessions/ses_1', 'Fix the parser')).toBe('Fix the parser');
    expect(pageName('/nowhere')).toBeUndefined();
  });
});
