// Test data builder shared by lib/view, lib/tree and lib/charts tests.
import { emptyTokens } from '@/lib/model/tokens';
import type { SessionSummary } from '@/lib/sessions/session-summary';

export function makeSummary(over: Partial<SessionSummary> & { id: string }): SessionSummary {
  return {
    title: `Session ${over.id}`,
    source: 'opencode-json',
    projectID: 'p1',
    directory: '/home/me/app',
    archived: false,
    time: { created: 0, updated: 0 },
    firstActivity: 0,
    lastActivity: 0,
    messageCount: 0,
    turnCount: 0,
    models: [],
    agents: [],
    tokens: emptyTokens(),
    cost: 0,
    computedCost: 0,
    unpricedMessages: 0,
    unpricedModels: [],
    childCount: 0,
    total: { sessionCount: 1, messageCount: 0, tokens: emptyTokens(), cost: 0, computedCost: 0, unpricedMessages: 0, unpricedModels: [] },
    status: { status: 'idle', reason: 'Finished', lastWrite: 0 },
    ...over,
  };
}
