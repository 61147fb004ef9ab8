import { describe, expect, it } from 'vitest';
import { LiveState } from './live-state';
import { parseServerEvent } from './server-events';

// Lines as OpenCode 1.18.33 sends them on /event and /global/event.
const S = 'ses_dfbfa64d9ffel2qfSgDYOu9oui';
const LINES = {
  busy: `{"id":"evt_1","type":"session.status","properties":{"sessionID":"${S}","status":{"type":"busy"}}}`,
  asked: `{"directory":"/p","project":"x","payload":{"id":"evt_2","type":"permission.asked","properties":{"id":"per_1","sessionID":"${S}","permission":"bash","patterns":["ls -la"],"metadata":{"command":"ls -la"},"always":["ls *"],"tool":{"messageID":"msg_1","callID":"call_0"}}}}`,
  replied: `{"id":"evt_3","type":"permission.replied","properties":{"sessionID":"${S}","requestID":"per_1","reply":"once"}}`,
  part: `{"id":"evt_4","type":"message.part.updated","properties":{"sessionID":"${S}","part":{"id":"prt_1","messageID":"msg_1","sessionID":"${S}","type":"text","text":"","time":{"start":5}},"time":5}}`,
  delta: (d: string) => `{"id":"evt_5","type":"message.part.delta","properties":{"sessionID":"${S}","messageID":"msg_1","partID":"prt_1","field":"text","delta":"${d}"}}`,
  idle: `{"id":"evt_6","type":"session.idle","properties":{"sessionID":"${S}"}}`,
};

function setup() {
  const changes: [string[], string][] = [];
  const state = new LiveState((ids, kind) => changes.push([ids, kind]));
  const feed = (line: string) => {
    const parsed = parseServerEvent(line);
    if (parsed) state.apply(`srv|${parsed.directory ?? '/p'}`, parsed.event, 100);
  };
  return { state, changes, feed };
}

describe('LiveState', () => {
  it('follows busy, a permission asked and replied, and idle', () => {
    const { state, feed, changes } = setup();
    feed(LINES.busy);
    expect(state.sessionState(S)).toMatchObject({ server: { type: 'busy' }, approvals: [] });
    feed(LINES.asked);
    expect(state.sessionState(S)?.approvals).toEqual([{ id: 'per_1', sessionID: S, permission: 'bash', patterns: ['ls -la'], at: 100 }]);
    feed(LINES.replied);
    expect(state.sessionState(S)?.approvals).toEqual([]);
    feed(LINES.idle);
    expect(state.sessionState(S)).toBeUndefined();
    expect(changes.every(([, kind]) => kind === 'status')).toBe(true);
  });

  it('collects streamed text from part updates and deltas', () => {
    const { state, feed, changes } = setup();
    feed(LINES.part);
    feed(LINES.delta('Hello '));
    feed(LINES.delta('world'));
    expect(state.streamingOf(S, 200)).toEqual([{ id: 'prt_1', messageID: 'msg_1', sessionID: S, type: 'text', text: 'Hello world', start: 5 }]);
    expect(changes.at(-1)).toEqual([[S], 'stream']);
  });

  it('takes polls as the truth of the moment: an approval answered elsewhere goes, a status not listed is idle', () => {
    const { state, feed } = setup();
    feed(LINES.asked);
    state.replaceApprovals('srv|/p', []);
    expect(state.sessionState(S)).toBeUndefined();
    state.replaceStatuses('srv|/p', new Map([[S, { type: 'retry' as const, attempt: 1 }]]));
    expect(state.sessionState(S)?.server?.type).toBe('retry');
    state.replaceStatuses('srv|/p', new Map());
    expect(state.sessionState(S)).toBeUndefined();
  });

  it('forgets a server that went away', () => {
    const { state, feed } = setup();
    feed(LINES.busy);
    feed(LINES.asked);
    state.dropSource('srv|/p');
    expect(state.sessionState(S)).toBeUndefined();
  });

  it('ignores events it does not use and lines that are not JSON', () => {
    expect(parseServerEvent('{"type":"server.heartbeat","properties":{}}')).toBeUndefined();
    expect(parseServerEvent('not json')).toBeUndefined();
    expect(parseServerEvent(LINES.asked)?.directory).toBe('/p');
  });
});
