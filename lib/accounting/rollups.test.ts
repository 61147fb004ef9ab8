import { describe, expect, it } from 'vitest';
import { messageFigure, messagesFigure, sessionFigures, stepFigure, stepPartsByMessage, turnFigures } from './rollups';
import { SONNET, assistant, session, sonnetOnly, stepFinish, tokens, user } from './test-data';

const opts = { prices: sonnetOnly };

describe('step and message figures', () => {
  it('prices one step', () => {
    const f = stepFigure(stepFinish('p', 'm', 0.01, tokens({ input: 1_000_000 })), SONNET);
    expect(f).toMatchObject({ steps: 1, storedCost: 0.01, computedCost: 3, messages: 0, cacheHitRatio: 0 });
  });

  it('counts an unpriced step as unpriced tokens', () => {
    expect(stepFigure(stepFinish('p', 'm', 0, tokens({ output: 9 })), undefined)).toMatchObject({ computedCost: 0, unpricedTokens: 9 });
  });

  it('gives a message figure', () => {
    const f = messageFigure(assistant({ id: 'm', sessionID: 's', cost: 0.5, tokens: tokens({ input: 10, cacheRead: 30 }) }), opts);
    expect(f).toMatchObject({ storedCost: 0.5, messages: 1, cacheHitRatio: 0.75 });
  });

  it('groups step-finish parts by message, ignoring other parts', () => {
    const parts = [stepFinish('p1', 'm1', 0, tokens()), { id: 'p2', messageID: 'm1', sessionID: 's', type: 'text' as const }, stepFinish('p3', 'm2', 0, tokens())];
    const grouped = stepPartsByMessage(parts);
    expect(grouped.get('m1')?.map((p) => p.id)).toEqual(['p1']);
    expect(grouped.get('m2')?.length).toBe(1);
  });
});

describe('turns', () => {
  it('pairs each user message with the assistant messages answering it', () => {
    const msgs = [
      user('u1', 's', 1),
      assistant({ id: 'a1', sessionID: 's', parentID: 'u1', cost: 1, time: { created: 2 } }),
      assistant({ id: 'a2', sessionID: 's', parentID: 'u1', cost: 2, time: { created: 3 } }),
      user('u2', 's', 4),
      assistant({ id: 'a3', sessionID: 's', parentID: 'u2', cost: 4, time: { created: 5 } }),
      assistant({ id: 'a4', sessionID: 's', parentID: 'u-missing', cost: 8, time: { created: 6 } }),
    ];
    const turns = turnFigures(msgs, opts);
    expect(turns.map((t) => [t.userMessageID, t.figure.storedCost, t.figure.messages])).toEqual([
      ['u1', 3, 2],
      ['u2', 4, 1],
      ['u-missing', 8, 1],
    ]);
    expect(turns[0]?.userMessage?.id).toBe('u1');
    expect(turns[2]?.userMessage).toBeUndefined();
  });
});

describe('sessions', () => {
  const sessions = [session('root'), session('child', 'root'), session('grandchild', 'child'), session('solo')];
  const msgs = [
    assistant({ id: 'm1', sessionID: 'root', cost: 1 }),
    assistant({ id: 'm2', sessionID: 'child', cost: 2 }),
    assistant({ id: 'm3', sessionID: 'grandchild', cost: 4 }),
    assistant({ id: 'm4', sessionID: 'solo', cost: 8 }),
    assistant({ id: 'm5', sessionID: 'unlisted', cost: 16 }),
  ];

  it('sums a session', () => {
    expect(messagesFigure(msgs.slice(0, 2), opts).storedCost).toBe(3);
  });

  it('rolls descendants up into every ancestor', () => {
    const figures = sessionFigures(sessions, msgs, opts);
    const view = (id: string) => [figures.get(id)?.own.storedCost, figures.get(id)?.withDescendants.storedCost];
    expect(view('root')).toEqual([1, 7]);
    expect(view('child')).toEqual([2, 6]);
    expect(view('grandchild')).toEqual([4, 4]);
    expect(view('solo')).toEqual([8, 8]);
    expect(view('unlisted')).toEqual([16, 16]);
  });
});
