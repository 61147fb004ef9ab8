import 'server-only';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { NameTarget } from '@/lib/server/watcher/name-watch';
import { FileSessionReader } from '../file-session-reader';
import type { FileRead } from '../pi/file-index';
import type { SessionContent } from '../read-result';
import { classifyChatPath, listChats, projectRootFile, type ChatFileRef } from './gemini-files';
import { contentText } from './gemini-parts';
import { takeFullOutputs } from './gemini-full-outputs';
import { isHashFolder, readGeminiFile } from './read-gemini-file';

/** The text of a chat's first prompt (a subagent's: the task its parent sent). */
function firstPrompt(messages: readonly MessageInfo[], parts: readonly Part[]): string | undefined {
  const prompt = messages.find((m) => m.role === 'user');
  const text = parts.find((p) => p.type === 'text' && p.messageID === prompt?.id);
  return text?.type === 'text' ? text.text : undefined;
}

/**
 * Gemini CLI chats (`~/.gemini/tmp/<project>/chats/`), read-only: one session per file, resumes
 * appended to it, subagents in `chats/<parent session id>/`. The root is `~/.gemini`.
 */
export class GeminiReader extends FileSessionReader<ChatFileRef> {
  readonly kind = 'gemini' as const;
  /** `tmp/<project>/chats/<parent>/<subagent>.jsonl` */
  protected readonly folderDepth = 5;
  private readonly tmp: string;
  /** A chats folder's names, listed once a second at most (every subagent of a start looks its parent up there). */
  private readonly listed = new Map<string, { at: number; names: string[] }>();

  constructor(root: string) {
    super(root);
    this.tmp = path.join(this.path, 'tmp');
  }

  /** Only `tmp/` holds chats (the rest of `~/.gemini` is settings, history and caches). */
  override nameTargets(): NameTarget[] {
    return [{ folder: this.tmp, depth: this.folderDepth - 1 }];
  }

  protected listAll(): Promise<ChatFileRef[]> {
    return listChats(this.tmp);
  }

  protected listUnder(folder: string): Promise<ChatFileRef[]> {
    return listChats(this.tmp, folder === this.path ? this.tmp : folder);
  }

  protected refOf(file: string): ChatFileRef | undefined {
    return classifyChatPath(this.tmp, file);
  }

  /**
   * The working directory comes from the project's `.project_root` (a hash-named folder's: from
   * `projects.json`); a subagent's agent name from its parent's chat.
   */
  protected override alsoReads(ref: ChatFileRef): string[] {
    const parent = ref.parentID ? this.parentFileOf(ref) : undefined;
    return [projectRootFile(this.tmp, ref.project), ...(isHashFolder(ref.project) ? [path.join(this.path, 'projects.json')] : []), ...(parent ? [parent] : [])];
  }

  /** A session's subagents are named from its invoke_agent calls: read them again when it changes. */
  protected override dependentsOf(ref: ChatFileRef, known: readonly string[]): ChatFileRef[] {
    const sessionID = ref.parentID ? undefined : this.index.sessionOf(ref.path);
    if (!sessionID) return [];
    const folder = path.join(path.dirname(ref.path), sessionID) + path.sep;
    return known.filter((file) => file.startsWith(folder)).flatMap((file) => this.refOf(file) ?? []);
  }

  protected async readRef(ref: ChatFileRef): Promise<FileRead> {
    const read = await readGeminiFile(ref, this.path, this.tmp);
    if (read.state !== 'ok') return read;
    if (!ref.parentID) await this.linkSubagents(ref, read.mapped.session.id, read.mapped.parts);
    else await this.nameSubagent(ref, read.mapped.messages, read.mapped.parts);
    return read;
  }

  /** The parent's chat of a subagent: `chats/session-<time>-<first 8 of its id>.jsonl` beside the subagent's folder. */
  private parentFileOf(ref: ChatFileRef): string | undefined {
    const chats = path.dirname(path.dirname(ref.path));
    const suffix = `-${ref.parentID?.slice(0, 8)}.jsonl`;
    let listing = this.listed.get(chats);
    if (!listing || Date.now() - listing.at > 1_000) {
      let names: string[] = [];
      try {
        names = readdirSync(chats);
      } catch {
        // A folder gone: no parent file.
      }
      this.listed.set(chats, (listing = { at: Date.now(), names }));
    }
    const name = listing.names.find((n) => n.startsWith('session-') && n.endsWith(suffix));
    return name ? path.join(chats, name) : undefined;
  }

  /** A subagent's messages carry the `agent_name` of the parent's invoke_agent call that sent its first prompt. */
  private async nameSubagent(ref: ChatFileRef, messages: MessageInfo[], parts: readonly Part[]): Promise<void> {
    const parentFile = this.parentFileOf(ref);
    const parent = parentFile ? this.refOf(parentFile) : undefined;
    const read = parent ? await readGeminiFile(parent, this.path, this.tmp) : undefined;
    if (read?.state !== 'ok') return;
    const prompt = firstPrompt(messages, parts);
    const call = read.mapped.parts.find((p) => p.type === 'tool' && p.tool === 'invoke_agent' && contentText(p.input.prompt) === prompt);
    const agent = call?.type === 'tool' ? call.input.agent_name : undefined;
    if (typeof agent === 'string' && agent) for (const m of messages) m.agent = agent;
  }

  /** A tool output too large for its record is read whole from its own file (gemini-full-outputs.ts). */
  override async loadContent(sessionID: string): Promise<SessionContent | undefined> {
    const content = await super.loadContent(sessionID);
    const file = this.index.fileOf(sessionID);
    const ref = file ? this.refOf(file) : undefined;
    if (!content || !ref) return content;
    await takeFullOutputs(content.parts, { root: this.path, tmp: this.tmp, project: ref.project, sessionID });
    return content;
  }

  /**
   * An `invoke_agent` call's subagent is the chat in `chats/<this session>/` whose first prompt is
   * the call's `prompt` (the call's result does not name it).
   */
  private async linkSubagents(ref: ChatFileRef, sessionID: string, parts: Part[]): Promise<void> {
    const calls = parts.filter((p) => p.type === 'tool' && p.tool === 'invoke_agent');
    if (calls.length === 0) return;
    const children = await listChats(this.tmp, path.join(path.dirname(ref.path), sessionID));
    for (const child of children) {
      const read = await readGeminiFile(child, this.path, this.tmp);
      if (read.state !== 'ok') continue;
      const prompt = firstPrompt(read.mapped.messages, read.mapped.parts);
      const call = calls.find((c) => c.type === 'tool' && !c.childSessionID && prompt !== undefined && contentText(c.input.prompt) === prompt);
      if (call?.type === 'tool') call.childSessionID = read.mapped.session.id;
    }
  }
}
