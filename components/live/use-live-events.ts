'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { keysForChange, reconnectDelay, type ChangeEventData } from '@/lib/live/query-keys';

export type LiveState = 'connecting' | 'live' | 'disconnected';

/** Subscribes to /api/events and turns each change into react-query invalidations. */
export function useLiveEvents(): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    let source: EventSource | undefined;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const connect = (): void => {
      source = new EventSource('/api/events');
      source.addEventListener('hello', () => {
        attempt = 0;
        setState('live');
      });
      source.addEventListener('change', (event) => {
        const change = JSON.parse((event as MessageEvent<string>).data) as ChangeEventData;
        for (const queryKey of keysForChange(change)) void client.invalidateQueries({ queryKey });
      });
      source.addEventListener('resync', () => void client.invalidateQueries());
      source.onerror = () => {
        setState('disconnected');
        if (source?.readyState === EventSource.CLOSED && !closed) {
          source.close();
          timer = setTimeout(connect, reconnectDelay(attempt++));
        }
      };
    };
    connect();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [client]);
  return state;
}
