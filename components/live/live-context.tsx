'use client';
import { createContext, useContext, type ReactNode } from 'react';
import { useLiveEvents, type LiveState } from './use-live-events';

const LiveContext = createContext<LiveState>('connecting');

export function LiveProvider({ children }: { children: ReactNode }) {
  const state = useLiveEvents();
  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}

export function useLiveState(): LiveState {
  return useContext(LiveContext);
}
