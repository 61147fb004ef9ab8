import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstAnswerGate } from './first-answer';

/** Whether `promise` has settled once pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  // A few ticks: the gate opens once the first figures' response is out (a loop turn or two).
  await vi.advanceTimersByTimeAsync(5);
  return done;
}

describe('FirstAnswerGate', () => {
  afterEach(() => vi.useRealTimers());

  it('holds deferred work until the first figures are answered, then lets it start', async () => {
    vi.useFakeTimers();
    const gate = new FirstAnswerGate();
    const work = gate.after(Promise.resolve(), 60_000);
    expect(await settled(work)).toBe(false);
    gate.markAnswered();
    expect(await settled(work)).toBe(true);
  });

  it('lets the first figures\' response go out before the work starts (it held the thread for seconds in front of it)', async () => {
    vi.useFakeTimers();
    const activity = ((globalThis as Record<symbol, { inFlight: number; totals?: number }>)[Symbol.for('sessionscope.requests')] ??= { inFlight: 0 });
    activity.totals = (activity.totals ?? 0) + 1;
    const gate = new FirstAnswerGate();
    const work = gate.after(Promise.resolve(), 60_000);
    try {
      gate.markAnswered();
      await vi.advanceTimersByTimeAsync(50);
      expect(await settled(work)).toBe(false);
    } finally {
      activity.totals--;
    }
    await vi.advanceTimersByTimeAsync(5);
    expect(await settled(work)).toBe(true);
  });

  it('never starts the work before what it follows (the store’s first read), answered or not', async () => {
    vi.useFakeTimers();
    const gate = new FirstAnswerGate();
    let finishRead = (): void => undefined;
    const read = new Promise<void>((resolve) => (finishRead = resolve));
    const work = gate.after(read, 1_000);
    gate.markAnswered();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(work)).toBe(false);
    finishRead();
    expect(await settled(work)).toBe(true);
  });

  it('starts the work anyway when no page asks for figures', async () => {
    vi.useFakeTimers();
    const gate = new FirstAnswerGate();
    const work = gate.after(Promise.resolve(), 3_000);
    await vi.advanceTimersByTimeAsync(2_990);
    expect(await settled(work)).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(work)).toBe(true);
  });

  it('lets work asked for after the first answer start at once', async () => {
    vi.useFakeTimers();
    const gate = new FirstAnswerGate();
    gate.markAnswered();
    expect(await settled(gate.after(Promise.resolve(), 60_000))).toBe(true);
  });
});
