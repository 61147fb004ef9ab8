import { describe, expect, it } from 'vitest';
import { isTypingTarget, readShortcut } from './key-sequence';

describe('readShortcut', () => {
  it('reads g-sequences within the window', () => {
    const g = readShortcut({}, 'g', 1000);
    expect(g.action).toBeUndefined();
    expect(readShortcut(g.state, 's', 1500).action).toBe('go-sessions');
    expect(readShortcut(g.state, 'o', 1500).action).toBe('go-overview');
    expect(readShortcut(g.state, 'p', 1500).action).toBe('go-plans');
    expect(readShortcut({}, 'p', 1500).action).toBeUndefined();
    expect(readShortcut(g.state, 's', 5000).action).toBeUndefined();
  });
  it('reads single keys and resets', () => {
    expect(readShortcut({}, 'j', 0).action).toBe('next');
    expect(readShortcut({}, 'k', 0).action).toBe('previous');
    expect(readShortcut({}, '/', 0).action).toBe('focus-search');
    expect(readShortcut({}, 's', 0).action).toBeUndefined();
    const g = readShortcut({}, 'g', 0);
    expect(readShortcut(g.state, 'x', 10)).toEqual({ state: {}, action: undefined });
  });
  it('knows typing targets', () => {
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'A' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
