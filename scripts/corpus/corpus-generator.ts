import { buildStep, type StepPlan } from './assistant-step';
import { IdMaker } from './ids';
import { pickModel, ROOT_AGENTS, SLUG_WORDS, SUBAGENTS, TASKS, TITLES } from './models';
import { Random } from './random';
import type { CorpusSink, Json, SessionTotals } from './records';
import { TextPool } from './text-pool';
import type { ToolName } from './tool-parts';

export interface CorpusOptions {
  sessions: number;
  seed: number;
  /** First and last session start (ms). */
  start: number;
  end: number;
  messagesPerSession: number;
  partsPerMessage: number;
  /** Parts of the one very long session (0: none). */
  hugeSessionParts: number;
}

export interface CorpusCounts {
  projects: number;
  sessions: number;
  subagentSessions: number;
  messages: number;
  assistantMessages: number;
  parts: number;
  hugeSessionID?: string;
}

interface SessionJob {
  projectIndex: number;
  parentID?: string;
  agent: string;
  at: number;
  targetMessages: number;
  title: string;
  depth: number;
  exactParts?: number;
}

const PROJECT_NAMES = ['api-server', 'web-dashboard', 'infra', 'mobile-app', 'data-pipeline', 'dotfiles'];
const TOOL_MIX: readonly ToolName[] = ['read', 'read', 'read', 'bash', 'bash', 'grep', 'grep', 'edit', 'edit'];
/** No edits (they add a patch part) where the part count must come out exact. */
const EXACT_TOOLS: readonly ToolName[] = ['read', 'bash', 'grep'];

/** Writes a realistic OpenCode history session by session, streaming into a sink. */
export class CorpusGenerator {
  private readonly random: Random;
  private readonly ids: IdMaker;
  private readonly text: TextPool;
  private readonly projects: { id: string; worktree: string }[] = [];
  readonly counts: CorpusCounts = { projects: 0, sessions: 0, subagentSessions: 0, messages: 0, assistantMessages: 0, parts: 0 };
  private toolsMean = 3.7;

  constructor(private readonly options: CorpusOptions, private readonly sink: CorpusSink) {
    this.random = new Random(options.seed);
    this.ids = new IdMaker(this.random);
    this.text = new TextPool(this.random);
  }

  run(): CorpusCounts {
    this.writeProjects();
    const { sessions, start, end, messagesPerSession } = this.options;
    const hugeAt = Math.floor(sessions / 2);
    let hugeDone = this.options.hugeSessionParts <= 0;
    while (this.counts.sessions < sessions) {
      const at = Math.round(start + ((end - start) * this.counts.sessions) / sessions + this.random.int(0, 600_000));
      const left = sessions - this.counts.sessions;
      const budget = (sessions * messagesPerSession - this.counts.messages) / left;
      const job: SessionJob = {
        projectIndex: this.random.skewed(0, this.projects.length, 1.6),
        agent: this.random.pick(ROOT_AGENTS),
        at,
        targetMessages: Math.max(2, Math.round(budget * (0.3 + 1.4 * this.random.next()))),
        title: this.random.pick(TITLES),
        depth: 0,
      };
      if (!hugeDone && this.counts.sessions >= hugeAt) {
        hugeDone = true;
        job.exactParts = this.options.hugeSessionParts;
        job.title = 'Long refactoring marathon';
        this.counts.hugeSessionID = this.writeSession(job).id;
      } else this.writeSession(job);
    }
    this.sink.close();
    return this.counts;
  }

  private writeProjects(): void {
    const created = this.options.start - 86_400_000;
    for (const name of PROJECT_NAMES) {
      const worktree = `/home/dev/src/${name}`;
      const id = this.random.hex(40);
      this.projects.push({ id, worktree });
      this.sink.project({ id, worktree, vcs: 'git', sandboxes: [], time: { created, updated: this.options.end } });
    }
    this.projects.push({ id: 'global', worktree: '/' });
    this.sink.project({ id: 'global', worktree: '/', sandboxes: [], time: { created, updated: this.options.end } });
    this.counts.projects = this.projects.length;
  }

  private writeSession(job: SessionJob): { id: string; end: number } {
    const { random } = this;
    const project = this.projects[Math.min(job.projectIndex, this.projects.length - 1)] as { id: string; worktree: string };
    const id = this.ids.session(job.at);
    const cwd = project.id === 'global' ? '/home/dev' : project.worktree;
    const model = pickModel(random.next());
    this.counts.sessions++;
    if (job.parentID) this.counts.subagentSessions++;
    const totals: SessionTotals = { cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, agent: job.agent, model: { providerID: model.providerID, modelID: model.modelID } };
    let t = job.at + random.int(200, 3_000);
    let messages = 0;
    let parts = 0;
    const exact = job.exactParts;
    while (exact !== undefined ? parts < exact : messages < job.targetMessages) {
      const userID = this.ids.ascending('msg', t);
      this.sink.message({ id: userID, sessionID: id, role: 'user', time: { created: t }, summary: { title: job.title, diffs: [] }, agent: job.agent, model: { providerID: model.providerID, modelID: model.modelID } });
      this.countMessage(false);
      messages++;
      const prompt = job.parentID ? `${job.title}. Report file paths.` : this.text.proseText(random.skewed(30, 1_500));
      this.sink.part({ id: this.ids.ascending('prt', t), sessionID: id, messageID: userID, type: 'text', text: prompt }, t, t);
      this.countPart();
      parts++;
      const plans = this.planTurn(job, messages, exact === undefined ? undefined : exact - parts);
      t += random.int(300, 2_000);
      for (const plan of plans) {
        const messageID = this.ids.ascending('msg', t);
        const step = buildStep(
          { random, ids: this.ids, text: this.text, sessionID: id, messageID, cwd, model, runTask: (at, description) => this.runTask(job, id, at, description) },
          plan,
          t,
        );
        this.sink.message({
          id: messageID, sessionID: id, role: 'assistant', time: { created: t, completed: step.end }, parentID: userID,
          modelID: model.modelID, providerID: model.providerID, mode: job.agent, agent: job.agent, path: { cwd, root: project.worktree },
          cost: step.cost, tokens: { total: step.tokens.input + step.tokens.output + step.tokens.cache.read, ...step.tokens }, finish: plan.final ? 'stop' : 'tool-calls',
        });
        for (const p of step.parts) this.sink.part(p.part, p.created, p.updated);
        this.countMessage(true);
        messages++;
        parts += step.parts.length;
        for (let i = 0; i < step.parts.length; i++) this.countPart();
        addTotals(totals, step);
        t = step.end + random.int(100, 1_500);
      }
      t += job.parentID ? random.int(100, 1_000) : random.int(60_000, 40 * 60_000);
    }
    const end = t;
    const session: Json = {
      id, slug: `${random.pick(SLUG_WORDS)}-${random.pick(SLUG_WORDS)}`, version: '1.1.65', projectID: project.id, directory: cwd,
      ...(job.parentID ? { parentID: job.parentID } : {}),
      title: job.title,
      time: { created: job.at, updated: end, ...(job.depth === 0 && random.chance(0.03) ? { archived: end + 86_400_000 } : {}) },
      summary: { additions: random.skewed(0, 400), deletions: random.skewed(0, 200), files: random.int(0, 12) },
      ...(job.depth === 0 && random.chance(0.01) ? { share: { url: `https://opncd.ai/s/${random.base62(8)}` } } : {}),
    };
    this.sink.session(session, totals);
    if (job.depth === 0 && random.chance(0.1)) {
      const todos = Array.from({ length: random.int(3, 6) }, (_, i) => ({ id: String(i + 1), content: random.pick(TASKS), status: random.pick(['completed', 'completed', 'in_progress', 'pending']), priority: random.pick(['high', 'medium', 'low']) }));
      this.sink.todos(id, todos, end);
    }
    return { id, end };
  }

  private runTask(parent: SessionJob, parentID: string, at: number, description: string): { childID: string; end: number } {
    const agent = this.random.pick(SUBAGENTS);
    const child = this.writeSession({
      projectIndex: parent.projectIndex, parentID, agent, at, depth: parent.depth + 1,
      targetMessages: this.random.int(3, 14), title: `${description} (@${agent} subagent)`,
    });
    return { childID: child.id, end: child.end };
  }

  /** The steps of one assistant turn; `exactParts` makes the long session land on an exact part count. */
  private planTurn(job: SessionJob, messagesSoFar: number, exactParts: number | undefined): StepPlan[] {
    const { random } = this;
    if (exactParts !== undefined) {
      if (exactParts >= 150) {
        const steps = random.int(2, 7);
        return Array.from({ length: steps }, (_, i) => this.plan(i === steps - 1, false, 8));
      }
      const plans: StepPlan[] = [];
      let left = exactParts;
      while (left > 12) {
        plans.push({ tools: Array.from({ length: 8 }, () => random.pick(EXACT_TOOLS)), reasoning: false, text: false, final: false });
        left -= 10;
      }
      plans.push({ tools: Array.from({ length: left - 3 }, () => random.pick(EXACT_TOOLS)), reasoning: false, text: true, final: true });
      return plans;
    }
    const room = Math.max(1, job.targetMessages - messagesSoFar);
    const steps = Math.min(room, job.parentID ? random.int(2, 8) : random.int(1, 7));
    const allowTask = job.depth < 2 && this.counts.sessions < this.options.sessions - 2;
    return Array.from({ length: steps }, (_, i) => this.plan(i === steps - 1, allowTask));
  }

  private plan(final: boolean, allowTask: boolean, maxTools = 12): StepPlan {
    const { random } = this;
    if (final) return { tools: [], reasoning: random.chance(0.5), text: true, final: true };
    return { tools: this.tools(maxTools, allowTask), reasoning: random.chance(0.5), text: random.chance(0.3), final: false };
  }

  private tools(maxTools: number, allowTask: boolean): ToolName[] {
    const { random } = this;
    // Steer towards the requested parts-per-message ratio.
    const ratio = this.counts.messages === 0 ? 1 : this.counts.parts / (this.counts.messages * this.options.partsPerMessage);
    this.toolsMean = Math.min(8, Math.max(1, this.toolsMean * (ratio < 1 ? 1.002 : 0.998)));
    const n = Math.min(maxTools, random.int(1, Math.round(2 * this.toolsMean - 1)));
    return Array.from({ length: n }, () => (allowTask && random.chance(0.008) ? 'task' : random.pick(TOOL_MIX)));
  }

  private countMessage(assistant: boolean): void {
    this.counts.messages++;
    if (assistant) this.counts.assistantMessages++;
  }

  private countPart(): void {
    this.counts.parts++;
  }
}

function addTotals(totals: SessionTotals, step: { cost: number; tokens: { input: number; output: number; reasoning: number; cache: { read: number; write: number } } }): void {
  totals.cost += step.cost;
  totals.tokens.input += step.tokens.input;
  totals.tokens.output += step.tokens.output;
  totals.tokens.reasoning += step.tokens.reasoning;
  totals.tokens.cacheRead += step.tokens.cache.read;
  totals.tokens.cacheWrite += step.tokens.cache.write;
}

