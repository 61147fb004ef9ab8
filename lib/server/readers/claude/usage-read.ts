import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import type { ClaudeFileRead } from './read-claude-file';

/**
 * What a first pass keeps of one transcript (read with `usageOnly`): its session, project and
 * assistant responses as a full read maps them. Everything else waits for the full read.
 */
export type UsageRead = { state: 'ok'; session: SessionInfo; project: Project; messages: MessageInfo[] } | { state: 'not-ready' | 'missing' };

export function usageReadOf(read: ClaudeFileRead): UsageRead {
  if (read.state !== 'ok') return { state: read.state };
  const { session, project, messages } = read.mapped;
  return { state: 'ok', session, project, messages: messages.filter((m) => m.role === 'assistant') };
}
