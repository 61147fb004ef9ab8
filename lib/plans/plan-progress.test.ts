import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planProgress } from './plan-progress';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/plans/progress/${name}`, import.meta.url), 'utf8');

describe('planProgress', () => {
  it('counts top-level -/* checkboxes with x and X, skips nested and inline ones', () => {
    const p = planProgress(fixture('simple.md'));
    expect(p.items.map((i) => i.text)).toEqual([
      'Read the middleware chain',
      'Pick a token bucket library',
      'Wire the limiter into `server.ts`',
      'Add a config flag',
      'Document the flag',
    ]);
    expect([p.done, p.total]).toEqual([3, 5]);
    expect(p.current).toEqual({ text: 'Wire the limiter into `server.ts`', done: false, section: 'Context' });
  });

  it('ignores checkboxes inside ``` and ~~~ fences', () => {
    const p = planProgress(fixture('fenced.md'));
    expect(p.items).toEqual([
      { text: 'Write the migration', done: true, section: 'Plan with code' },
      { text: 'Run the migration', done: false, section: 'Plan with code' },
    ]);
  });

  it('structured mode: only numbered TODOs and F-items of the Final Verification Wave count', () => {
    const p = planProgress(fixture('structured.md'));
    expect(p.items.map((i) => [i.text, i.done, i.section])).toEqual([
      ['1. Add the export endpoint', true, 'TODOs'],
      ['2. Stream JSONL to the client', false, 'TODOs'],
      ['3. Add a download button', true, 'Wave 2'],
      ['F1. Plan compliance audit', true, 'Final Verification Wave'],
      ['F2. Code quality review', false, 'Final Verification Wave'],
    ]);
    expect([p.done, p.total]).toEqual([3, 5]);
    expect(p.current?.text).toBe('2. Stream JSONL to the client');
  });

  it('an empty plan and a plan without checkboxes have zero of zero and no current item', () => {
    for (const name of ['empty.md', 'no-checkboxes.md']) {
      expect(planProgress(fixture(name))).toEqual({ done: 0, total: 0, items: [] });
    }
  });

  it('handles CRLF line endings and a fence left open at the end of a half-written file', () => {
    expect(planProgress('- [x] a\r\n- [ ] b\r\n').total).toBe(2);
    expect(planProgress('- [x] a\n```\n- [ ] b').total).toBe(1);
  });

  it('a `## TODO` heading at level 3 does not switch to structured mode', () => {
    expect(planProgress('### TODOs\n- [ ] plain item\n').total).toBe(1);
  });
});
