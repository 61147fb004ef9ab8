'use client';
import { createContext, useContext, type ReactNode } from 'react';
import type { SessionSummary } from '@/lib/sessions/session-summary';

const ChildSessions = createContext<ReadonlyMap<string, SessionSummary>>(new Map());

/** The session's subagents by id, for the calls that started them (task cards). */
export function ChildSessionsProvider({ sessions, children }: { sessions: readonly SessionSummary[]; children: ReactNode }) {
  return <ChildSessions.Provider value={new Map(sessions.map((s) => [s.id, s]))}>{children}</ChildSessions.Provider>;
}

export function useChildSession(id: string | undefined): SessionSummary | undefined {
  const map = useContext(ChildSessions);
  return id ? map.get(id) : undefined;
}
