import 'server-only';
import path from 'node:path';
import { listDir } from '@/lib/server/fs/list-dir';
import { mapLimit } from '@/lib/server/fs/map-limit';

export interface ClaudeFileRef {
  path: string;
  /** `<encoded cwd>` folder. */
  projectFolder: string;
  /** Set for `<session>/subagents/agent-*.jsonl`: the parent session id (the folder name). */
  parentID?: string;
}

/**
 * Where a file sits under the root: `<project>/<session>.jsonl` or
 * `<project>/<session>/subagents/agent-*.jsonl`; anything else is not a transcript.
 */
export function classifyClaudePath(root: string, file: string): ClaudeFileRef | undefined {
  const parts = path.relative(root, file).split(path.sep);
  if (!file.endsWith('.jsonl') || parts.some((p) => p === '..')) return undefined;
  const [projectFolder, second, third, fourth] = parts;
  if (!projectFolder) return undefined;
  if (parts.length === 2) return { path: file, projectFolder };
  if (parts.length === 4 && third === 'subagents' && second && fourth?.startsWith('agent-')) return { path: file, projectFolder, parentID: second };
  return undefined;
}

async function listProject(root: string, projectFolder: string): Promise<ClaudeFileRef[]> {
  const dir = path.join(root, projectFolder);
  const [files, dirs] = await Promise.all([listDir(dir, 'files', '.jsonl'), listDir(dir, 'dirs')]);
  const top = files.ok ? files.names.map((n) => ({ path: path.join(dir, n), projectFolder })) : [];
  const nested = dirs.ok
    ? await mapLimit(dirs.names, 16, async (session) => {
        const sub = await listDir(path.join(dir, session, 'subagents'), 'files', '.jsonl');
        return sub.ok ? sub.names.filter((n) => n.startsWith('agent-')).map((n) => ({ path: path.join(dir, session, 'subagents', n), projectFolder, parentID: session })) : [];
      })
    : [];
  return [...top, ...nested.flat()];
}

/** Every transcript under `~/.claude/projects`, or under one project / session folder of it. */
export async function listClaudeFiles(root: string, under: string = root): Promise<ClaudeFileRef[]> {
  const rel = path.relative(root, under).split(path.sep).filter((p) => p !== '');
  if (rel.length === 0) {
    const projects = await listDir(root, 'dirs');
    return projects.ok ? (await mapLimit(projects.names, 16, (p) => listProject(root, p))).flat() : [];
  }
  const [projectFolder] = rel;
  return projectFolder ? (await listProject(root, projectFolder)).filter((ref) => ref.path.startsWith(under + path.sep)) : [];
}
