import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('counts waiting sessions', () => {
    expect(documentTitle(0)).toBe('Sessionscope');
    expect(documentTitle(2)).toBe('(2) Sessionscope');
    expect(documentTitle(1, 'Sessions')).toBe('(1) Sessions · Sessionscope');
  });
});
