import { describe, expect, it } from 'vitest';
import { baseName, modelName, shortPath } from './format-path';

describe('paths and names', () => {
  it('takes the last folder', () => {
    expect(baseName('/home/me/webapp')).toBe('webapp');
    expect(baseName('/home/me/webapp/')).toBe('webapp');
    expect(baseName('/')).toBe('/');
    expect(baseName('C:\\code\\app')).toBe('app');
  });
  it('shortens home and long middles', () => {
    expect(shortPath('/home/me/webapp')).toBe('~/webapp');
    expect(shortPath('/Users/me')).toBe('~');
    expect(shortPath('/srv/app')).toBe('/srv/app');
    const long = shortPath(`/srv/${'a'.repeat(100)}/end`, 30);
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long).toContain('…');
    expect(long.endsWith('/end')).toBe(true);
  });
  it('drops the provider from a model', () => {
    expect(modelName('anthropic/claude-sonnet-4-5')).toBe('claude-sonnet-4-5');
    expect(modelName('gpt-5')).toBe('gpt-5');
  });
});
