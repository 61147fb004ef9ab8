import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstAnswerGate } from './first-answer';

/** Whether `promise` has settled once pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
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
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await settled(work)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(work)).toBe(true);
  });

  it('lets work asked for after the first answer start at once', async () => {
    vi.useFakeTimers();
    const gate = new FirstAnswerGate();
    gate.markAnswered();
    expect(await settled(gate.after(Promise.resolve(), 60_000))).toBe(true);
  });
});
