'use client';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fetchJson } from '@/lib/client/fetch-json';
import { queryKeys } from '@/lib/live/query-keys';
import { attentionEvents, untold, type AttentionEvent } from '@/lib/view/attention';
import type { SessionsResponse } from '@/lib/view/api-types';

const PARAMS = 'needs=you&roots=1&limit=100';
const KEYS = { notify: 'sessionscope.notify', sound: 'sessionscope.sound', told: 'sessionscope.notified' } as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
const listeners = new Set<() => void>();
const changed = (): void => {
  for (const listener of listeners) listener();
};
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full store: nothing is remembered.
  }
  changed();
}
const permission = (): string => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
/** A remembered setting (another tab's change too); nothing on the server. */
const useSetting = (key: string): string | null => useSyncExternalStore(subscribe, () => read(key), () => null);
const toldKeys = (): string[] => {
  try {
    const value = JSON.parse(read(KEYS.told) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};

/** A short two-tone chime made on the spot (no sound file). */
function chime(): void {
  try {
    const audio = new AudioContext();
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.12, audio.currentTime + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.15 + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + i * 0.15);
      osc.stop(audio.currentTime + i * 0.15 + 0.15);
    }
    setTimeout(() => void audio.close(), 600);
  } catch {
    // No audio here: the notification still shows.
  }
}

function tell(events: readonly AttentionEvent[], notify: boolean, sound: boolean): void {
  if (notify && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    for (const event of events) {
      const n = new Notification(event.title, { body: event.body, tag: event.key });
      n.onclick = () => {
        window.focus();
        window.location.assign(new URL(`/sessions/${encodeURIComponent(event.sessionID)}`, window.location.origin));
      };
    }
  }
  if (sound && events.length > 0) chime();
}

export interface AttentionAlerts {
  notify: boolean;
  sound: boolean;
  /** Notifications are not possible here (no API, or the person blocked them). */
  blocked: boolean;
  toggleNotify(): void;
  toggleSound(): void;
}

/**
 * Opt-in desktop notifications and a chime when a session starts needing you: one per moment
 * (see `attentionEvents`), remembered in localStorage so a reload or a second tab does not repeat it.
 */
export function useAttentionAlerts(): AttentionAlerts {
  const granted = useSyncExternalStore(subscribe, permission, () => 'default');
  const notify = useSetting(KEYS.notify) === '1' && granted === 'granted';
  const sound = useSetting(KEYS.sound) === '1';
  const blocked = granted === 'denied' || granted === 'unsupported';
  const on = notify || sound;
  const { data } = useQuery({ queryKey: queryKeys.sessions(PARAMS), queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${PARAMS}`), enabled: on });
  useEffect(() => {
    if (!on || !data) return;
    const { fresh, remember } = untold(attentionEvents(data.sessions, Date.now()), toldKeys());
    if (fresh.length === 0) return;
    write(KEYS.told, JSON.stringify(remember));
    tell(fresh, notify, sound);
  }, [data, on, notify, sound]);

  /** What needs you already when alerts are switched on is not news: it is remembered untold. */
  const seed = useCallback(async () => {
    const current = await fetchJson<SessionsResponse>(`/api/sessions?${PARAMS}`).catch(() => undefined);
    if (current) write(KEYS.told, JSON.stringify(untold(attentionEvents(current.sessions, Date.now()), toldKeys()).remember));
  }, []);

  const toggleNotify = useCallback(() => {
    if (notify) return write(KEYS.notify, '0');
    if (typeof Notification === 'undefined') return;
    void Notification.requestPermission().then(async (answer) => {
      changed();
      if (answer !== 'granted') return;
      if (!sound) await seed();
      write(KEYS.notify, '1');
    });
  }, [notify, sound, seed]);

  const toggleSound = useCallback(() => {
    const next = !sound;
    void (async () => {
      if (next && !notify) await seed();
      write(KEYS.sound, next ? '1' : '0');
    })();
  }, [sound, notify, seed]);

  return { notify, sound, blocked, toggleNotify, toggleSound };
}
