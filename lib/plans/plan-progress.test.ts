import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDGE_CONTEXTS, edgeLines, verdict } from '@/test/tools/plan-edge-lines';
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

interface PluginCount {
  total: number;
  completed: number;
  nextTaskLabel: string | null;
}
interface PluginOracle {
  files: Record<string, PluginCount>;
  edgeLines: { count: number } & Record<keyof typeof EDGE_CONTEXTS, string>;
}
const oracle = JSON.parse(fixture('oracle.json')) as PluginOracle;

describe('planProgress counts as oh-my-opencode 4.19.4 does (its own parser wrote oracle.json)', () => {
  it.each(Object.entries(oracle.files))('%s', (name, plugin) => {
    const p = planProgress(fixture(name));
    expect({ total: p.total, completed: p.done, next: p.current?.text ?? null }).toEqual({
      total: plugin.total,
      completed: plugin.completed,
      next: plugin.nextTaskLabel?.trim() ?? null,
    });
  });

  it('covers the edge forms: two spaces, * bullets, 0. and F0., case, CRLF, a BOM', () => {
    expect(Object.keys(oracle.files)).toEqual(
      expect.arrayContaining(['edge-structured.md', 'edge-simple.md', 'bom-crlf-simple.md', 'bom-heading.md', 'crlf-structured.md', 'cr-only.md']),
    );
    // The plan from the issue: the plugin counts 4 of 11 where plain checkbox counting finds more.
    expect([oracle.files['edge-structured.md']?.completed, oracle.files['edge-structured.md']?.total]).toEqual([4, 11]);
  });

  it.each(Object.keys(EDGE_CONTEXTS) as (keyof typeof EDGE_CONTEXTS)[])('every edge line read %s', (context) => {
    const lines = edgeLines();
    expect(lines).toHaveLength(oracle.edgeLines.count);
    const ours = lines.map((line) => verdict(toCount(planProgress(EDGE_CONTEXTS[context](line))))).join('');
    const theirs = oracle.edgeLines[context];
    const differing = lines.flatMap((line, i) => (ours[i] === theirs[i] ? [] : [`${JSON.stringify(line)}: plugin ${theirs[i]}, ours ${ours[i]}`]));
    expect(differing).toEqual([]);
  });
});

function toCount(p: { total: number; done: number }) {
  return { total: p.total, completed: p.done };
}
