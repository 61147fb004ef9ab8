import { describe, expect, it } from 'vitest';
import { distinctPathLabels, projectLabel } from './distinct-path-labels';

describe('distinctPathLabels', () => {
  it('names a folder by its name, and two of the same name by the shortest ending that differs', () => {
    const labels = distinctPathLabels(['/home/me/work/alpha', '/tmp/fixture-a/alpha', '/home/me/beta', '/srv/x/work/alpha', '/', '/home/me/beta']);
    expect(labels.get('/home/me/work/alpha')).toBe('alpha (me/work)');
    expect(labels.get('/srv/x/work/alpha')).toBe('alpha (x/work)');
    expect(labels.get('/tmp/fixture-a/alpha')).toBe('alpha (fixture-a)');
    expect(labels.get('/home/me/beta')).toBe('beta');
    expect(labels.get('/')).toBe('/');
    expect(new Set([...labels.values()]).size).toBe(labels.size);
  });
});

describe('projectLabel', () => {
  it("keeps a name of the project's own; a name that is only the folder's gives way to the folder's label", () => {
    const folders = distinctPathLabels(['/a/alpha', '/b/alpha']);
    expect(projectLabel({ name: 'Shop', worktree: '/a/alpha' }, folders)).toBe('Shop');
    expect(projectLabel({ name: 'alpha', worktree: '/a/alpha' }, folders)).toBe('alpha (a)');
    expect(projectLabel({ worktree: '/b/alpha' }, folders)).toBe('alpha (b)');
  });
});
