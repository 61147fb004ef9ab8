import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTreePath } from './json-tree-paths';

/** The classification through path.relative alone (what the fast prefix path must give too). */
function byRelative(root: string, file: string) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel) || !rel.endsWith('.json')) return undefined;
  const segments = rel.split(path.sep);
  const id = (segments.at(-1) ?? '').slice(0, -'.json'.length);
  if (!id) return undefined;
  const [top, folder] = segments;
  if (segments.length === 2) return top === 'project' || top === 'todo' || top === 'session_diff' ? { kind: top, id } : undefined;
  if (segments.length === 3 && folder && (top === 'session' || top === 'message' || top === 'part')) return { kind: top, folder, id };
  return undefined;
}

describe('classifyTreePath', () => {
  const root = '/home/u/.local/share/opencode/storage';
  it('classifies records and refuses what is not one', () => {
    expect(classifyTreePath(root, `${root}/message/ses_1/msg_1.json`)).toEqual({ kind: 'message', folder: 'ses_1', id: 'msg_1' });
    expect(classifyTreePath(`${root}/`, `${root}/part/msg_1/prt_1.json`)).toEqual({ kind: 'part', folder: 'msg_1', id: 'prt_1' });
    expect(classifyTreePath(root, `${root}/project/p.json`)).toEqual({ kind: 'project', id: 'p' });
    expect(classifyTreePath(root, `${root}/message/../../x/msg.json`)).toBeUndefined();
    expect(classifyTreePath(root, `${root}/message/ses_1/./msg_1.json`)).toEqual({ kind: 'message', folder: 'ses_1', id: 'msg_1' });
    expect(classifyTreePath(root, `${root}//message/ses_1/msg_1.json`)).toEqual({ kind: 'message', folder: 'ses_1', id: 'msg_1' });
    expect(classifyTreePath(root, `${root}-other/message/ses_1/msg_1.json`)).toBeUndefined();
    expect(classifyTreePath(root, '/etc/passwd.json')).toBeUndefined();
  });

  it('gives what path.relative gives, for any path under or beside the root (property)', () => {
    const segment = fc.constantFrom('message', 'part', 'session', 'project', 'ses_1', 'msg_1.json', '..', '.', '', 'x.json', '.hidden.json');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.boolean(), (segments, trailing) => {
        const file = `${root}/${segments.join('/')}`;
        expect(classifyTreePath(trailing ? `${root}/` : root, file)).toEqual(byRelative(root, file));
      }),
      { numRuns: 2000 },
    );
  });
});
