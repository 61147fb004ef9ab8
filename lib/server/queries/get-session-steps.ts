import 'server-only';
import { stepSeries, type StepRow } from '@/lib/charts/step-series';
import type { PartMeta } from '@/lib/model/part-meta';
import { buildTurns, comparePartMetaOrder } from '@/lib/sessions/build-turns';
import type { ReadIssue } from '../readers/read-result';
import type { Store } from '../store/store';

export interface SessionSteps {
  /** Every model step of the whole session, for its charts. */
  steps: StepRow[];
  /** Parts in the whole session. */
  partCount: number;
  issues: ReadIssue[];
}

/** The step chart's data of a session: its step index (kept by the store) laid over its turns. */
export async function getSessionSteps(store: Store, id: string): Promise<SessionSteps | undefined> {
  const index = await store.stepIndex(id);
  if (!index) return undefined;
  const byMessage = new Map<string, PartMeta[]>();
  for (const step of index.steps.values()) {
    const list = byMessage.get(step.messageID);
    if (list) list.push(step);
    else byMessage.set(step.messageID, [step]);
  }
  const turns = buildTurns([...store.view.messages(id)], []);
  const sources = turns.flatMap((turn) => turn.assistant.map((m) => ({ info: m.info, steps: (byMessage.get(m.info.id) ?? []).sort(comparePartMetaOrder) })));
  return { steps: stepSeries(sources, store.prices), partCount: index.partIDs.size, issues: index.issues };
}
