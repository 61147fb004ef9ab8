import { describe, expect, it } from 'vitest';
import type { Part } from '@/lib/model/part';
import { displayTitle, isPlaceholderTitle, promptPreview, promptTextOf } from './display-title';

const text = (t: string, extra: Partial<{ synthetic: boolean }> = {}): Part => ({ id: 'p', messageID: 'm', sessionID: 's', type: 'text', text: t, ...extra }) as Part;

describe('session titles', () => {
  it("recognises OpenCode's placeholder titles, not real ones that look alike", () => {
    expect(isPlaceholderTitle('New session - 2026-11-21T18:14:15.831Z')).toBe(true);
    expect(isPlaceholderTitle('Child session - 2026-11-21T18:14:15.831Z')).toBe(true);
    expect(isPlaceholderTitle('  ')).toBe(true);
    expect(isPlaceholderTitle('New session - fix the login page')).toBe(false);
    expect(isPlaceholderTitle('Explore repo (@explore subagent)')).toBe(false);
  });

  it("shows the first prompt's words, marked, instead of a placeholder", () => {
    expect(displayTitle({ title: 'New session - 2026-11-21T18:14:15.831Z', firstPrompt: 'Fix the flaky login test' })).toEqual({ text: 'Fix the flaky login test', fromPrompt: true });
    expect(displayTitle({ title: 'Refactor auth', firstPrompt: 'whatever' })).toEqual({ text: 'Refactor auth', fromPrompt: false });
    expect(displayTitle({ title: 'New session - 2026-11-21T18:14:15.831Z' }).text).toBe('New session - 2026-11-21T18:14:15.831Z');
    expect(displayTitle({ title: '' })).toEqual({ text: '(untitled session)', fromPrompt: false });
  });

  it('takes the first typed text part, on one line, cut at a word', () => {
    expect(promptTextOf([text('<system-reminder>x</system-reminder>', { synthetic: true }), text('  Add a\n\n dark   mode  ')])).toBe('Add a dark mode');
    const long = promptPreview('word '.repeat(40), 30);
    expect(long).toBe('word word word word word word…');
    expect(long!.length).toBeLessThanOrEqual(30);
    expect(promptTextOf([text('   ')])).toBeUndefined();
  });
});
