import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JsonTreeReader } from '@/lib/server/readers/opencode/json/json-tree-reader';
import { TreeBuilder } from '../support/tree-builder';

function healthyTree(): TreeBuilder {
  const t = new TreeBuilder();
  t.project('proj1');
  t.session('proj1', 'ses_good');
  t.message('ses_good', 'msg_u1');
  t.assistant('ses_good', 'msg_a1', 'msg_u1');
  t.part('ses_good', 'msg_a1', 'prt_1', { type: 'text', text: 'hello' });
  return t;
}

describe('JSON tree reader on bad input', () => {
  it('reports a truncated file and a non-JSON file, and still returns the healthy records', async () => {
    const t = healthyTree();
    const truncated = t.write('session/proj1/ses_trunc.json', '{"id":"ses_trunc","projectID":"proj1","dire');
    const notJson = t.write('message/ses_good/msg_bin.json', 'this is not json at all');
    const changes = await new JsonTreeReader(t.dataDir).readAll();
    expect(changes.sessions.map((s) => s.id)).toEqual(['ses_good']);
    expect(changes.messages.map((m) => m.id).sort()).toEqual(['msg_a1', 'msg_u1']);
    const issues = new Map(changes.issues.map((i) => [i.path, i]));
    expect(issues.get(truncated)?.kind).toBe('parse');
    expect(issues.get(notJson)?.kind).toBe('parse');
  });

  it('skips a record with wrong field types and says which field', async () => {
    const t = healthyTree();
    const bad = t.session('proj1', 'ses_badtypes', { title: 42, time: { created: 'yesterday' } });
    const changes = await new JsonTreeReader(t.dataDir).readAll();
    expect(changes.sessions.map((s) => s.id)).toEqual(['ses_good']);
    const issue = changes.issues.find((i) => i.path === bad);
    expect(issue?.kind).toBe('schema');
    expect(issue?.reason).toMatch(/title|time\.created/);
  });

  it('keeps a part of an unknown type as "unknown" instead of dropping it', async () => {
    const t = healthyTree();
    t.part('ses_good', 'msg_a1', 'prt_2', { type: 'hologram', beam: 3 });
    const reader = new JsonTreeReader(t.dataDir);
    const content = await reader.loadContent('ses_good');
    const unknown = content?.parts.find((p) => p.id === 'prt_2');
    expect(unknown).toMatchObject({ type: 'unknown', originalType: 'hologram' });
    expect(content?.parts.find((p) => p.id === 'prt_1')).toMatchObject({ type: 'text', text: 'hello' });
  });

  it('treats an empty (being written) file as not ready and reads it on the next change', async () => {
    const t = healthyTree();
    const file = t.write('message/ses_good/msg_u2.json', '');
    const reader = new JsonTreeReader(t.dataDir);
    const first = await reader.readChanged([file]);
    expect(first.messages).toHaveLength(0);
    expect(first.issues[0]?.reason).toMatch(/empty/);
    t.message('ses_good', 'msg_u2', { time: { created: 1_780_000_009_000 } });
    const second = await reader.readChanged([file]);
    expect(second.messages.map((m) => m.id)).toEqual(['msg_u2']);
    expect(second.issues).toHaveLength(0);
  });

  it('reports a session folder that is a file instead of a folder, and reads the rest', async () => {
    const t = healthyTree();
    mkdirSync(`${t.storage}/session`, { recursive: true });
    writeFileSync(`${t.storage}/session/not-a-dir`, 'x');
    const changes = await new JsonTreeReader(t.dataDir).readAll();
    expect(changes.sessions.map((s) => s.id)).toEqual(['ses_good']);
  });

  it('reads nothing and reports nothing when there is no storage folder', async () => {
    const t = new TreeBuilder();
    const reader = new JsonTreeReader(t.dataDir);
    expect(reader.found()).toBe(false);
    const changes = await reader.readAll();
    expect(changes.sessions).toHaveLength(0);
    expect(changes.issues).toHaveLength(0);
  });

  it('maps a removed file to a removal', async () => {
    const t = healthyTree();
    const reader = new JsonTreeReader(t.dataDir);
    const gone = `${t.storage}/message/ses_good/msg_deleted.json`;
    const changes = await reader.readChanged([gone]);
    expect(changes.removed.messages).toEqual(['msg_deleted']);
  });

  it('keeps reading when a folder cannot be listed (permission denied)', async () => {
    const t = healthyTree();
    t.session('proj2', 'ses_locked');
    chmodSync(`${t.storage}/session/proj2`, 0o000);
    try {
      const { readAsUnprivileged } = await import('../support/run-unprivileged');
      const result = await readAsUnprivileged(t.dataDir);
      expect(result.sessions).toEqual(['ses_good']);
      expect(result.issues.some((i) => i.path.endsWith('session/proj2') && /EACCES/.test(i.reason))).toBe(true);
    } finally {
      chmodSync(`${t.storage}/session/proj2`, 0o755);
    }
  });
});
