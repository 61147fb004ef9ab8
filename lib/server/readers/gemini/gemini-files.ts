import 'server-only';
import path from 'node:path';
import { listDir } from '@/lib/server/fs/list-dir';
import { mapLimit } from '@/lib/server/fs/map-limit';

/**
 * `<root>/tmp/<project>/chats/session-*.jsonl`, a subagent's `chats/<parent session id>/<id>.jsonl`,
 * or a chat of the versions before JSONL: `chats/session-*.json`, one JSON document (`<project>` was
 * then the sha256 of the working directory).
 */
export interface ChatFileRef {
  path: string;
  /** The short project folder name (`projects.json` maps working directories to it). */
  project: string;
  /** A subagent's parent session id: the folder it sits in. */
  parentID?: string;
}

/** Where a file sits under `<root>/tmp`; anything else is not a chat. */
export function classifyChatPath(tmp: string, file: string): ChatFileRef | undefined {
  const parts = path.relative(tmp, file).split(path.sep);
  if (parts.includes('..')) return undefined;
  const [project, chats, third, fourth] = parts;
  if (!project || chats !== 'chats') return undefined;
  if (parts.length === 3 && third?.startsWith('session-') && (file.endsWith('.jsonl') || file.endsWith('.json'))) return { path: file, project };
  if (parts.length === 4 && third && fourth?.endsWith('.jsonl')) return { path: file, project, parentID: third };
  return undefined;
}

/** A legacy `.json` chat is converted to `.jsonl` when resumed: where both are there, the `.jsonl` holds it. */
function sessionFiles(names: readonly string[]): string[] {
  const all = new Set(names);
  return names.filter((n) => n.startsWith('session-') && (n.endsWith('.jsonl') || (n.endsWith('.json') && !all.has(`${n}l`))));
}

async function listProject(tmp: string, project: string): Promise<ChatFileRef[]> {
  const chats = path.join(tmp, project, 'chats');
  const [files, dirs] = await Promise.all([listDir(chats, 'files'), listDir(chats, 'dirs')]);
  const top = files.ok ? sessionFiles(files.names).map((n) => ({ path: path.join(chats, n), project })) : [];
  const nested = dirs.ok
    ? await mapLimit(dirs.names, 16, async (parentID) => {
        const sub = await listDir(path.join(chats, parentID), 'files', '.jsonl');
        return sub.ok ? sub.names.map((n) => ({ path: path.join(chats, parentID, n), project, parentID })) : [];
      })
    : [];
  return [...top, ...nested.flat()];
}

/** Every chat under `<root>/tmp`, or under one project or chats folder of it. */
export async function listChats(tmp: string, under: string = tmp): Promise<ChatFileRef[]> {
  const rel = path.relative(tmp, under).split(path.sep).filter((p) => p !== '');
  if (rel.includes('..')) return [];
  if (rel.length === 0) {
    const projects = await listDir(tmp, 'dirs');
    return projects.ok ? (await mapLimit(projects.names, 16, (p) => listProject(tmp, p))).flat() : [];
  }
  const [project] = rel;
  return project ? (await listProject(tmp, project)).filter((ref) => ref.path.startsWith(under + path.sep)) : [];
}

/** `tmp/<project>/.project_root`: the working directory, written by the CLI beside the chats. */
export function projectRootFile(tmp: string, project: string): string {
  return path.join(tmp, project, '.project_root');
}
