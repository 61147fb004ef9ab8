import { describe, expect, it } from 'vitest';
import { basenameOf, dirnameOf, resolveAgainst } from './resolve-path';

describe('resolve-path', () => {
  it('resolves relative paths and keeps absolute ones', () => {
    expect(resolveAgainst('/a/b', 'c/./d/../e.md')).toBe('/a/b/c/e.md');
    expect(resolveAgainst('/a/b', '/x/y.md')).toBe('/x/y.md');
    expect(resolveAgainst('/a/b', '../../../z')).toBe('/z');
    expect(resolveAgainst('C:\\proj', 'C:\\other\\p.md')).toBe('C:\\other\\p.md');
  });
  it('splits dirname and basename', () => {
    expect(dirnameOf('/a/b/c.json')).toBe('/a/b');
    expect(dirnameOf('/c.json')).toBe('/');
    expect(basenameOf('/a/b/plan.md', '.md')).toBe('plan');
  });
});
