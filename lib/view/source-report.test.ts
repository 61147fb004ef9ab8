import { describe, expect, it } from 'vitest';
import { describeSource, sourceFlags } from './source-report';

describe('source report', () => {
  it('names every source and what was found there', () => {
    expect(describeSource({ kind: 'opencode-sqlite', path: '/d/opencode.db', found: true, sessions: 11 })).toBe('OpenCode: 11 sessions in /d/opencode.db');
    expect(describeSource({ kind: 'claude', path: '/h/.claude/projects', found: true, sessions: 1 })).toBe('Claude Code: 1 session in /h/.claude/projects');
    expect(describeSource({ kind: 'pi', path: '/h/.pi/agent/sessions', found: true, sessions: 0 })).toBe('pi: no sessions in /h/.pi/agent/sessions');
    expect(describeSource({ kind: 'omp', path: '/h/.omp', found: false, sessions: 0 })).toBe('oh-my-pi: nothing at /h/.omp');
  });

  it('offers one option per agent looked for', () => {
    const looked = ['opencode-json', 'opencode-sqlite', 'omp', 'pi', 'claude'].map((kind) => ({ kind, path: '/x', found: false, sessions: 0 }));
    expect(sourceFlags(looked)).toEqual(['--opencode-dir', '--omp-dir', '--pi-dir', '--claude-dir']);
  });
});
