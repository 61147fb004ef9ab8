import { stat } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyChangeSet, gatherStages, type ChangeSet } from './read-result';

describe('gatherStages (a full read while the dashboard runs)', () => {
  it('lets waiting work (a request) run between stages, and gathers every stage', async () => {
    let requestAnswered = false;
    setImmediate(() => (requestAnswered = true));
    const seenAtSecondStage: boolean[] = [];
    async function* stages(): AsyncGenerator<ChangeSet> {
      const first = emptyChangeSet();
      first.touchedSessions.push('ses_a');
      yield first;
      seenAtSecondStage.push(requestAnswered);
      const second = emptyChangeSet();
      second.touchedSessions.push('ses_b');
      yield second;
    }
    const all = await gatherStages(stages());
    expect(seenAtSecondStage).toEqual([true]);
    expect(all.touchedSessions).toEqual(['ses_a', 'ses_b']);
  });

  it('takes in I/O that came during a stage (a request) before the next stage, also when the read began in an I/O callback', async () => {
    const order: string[] = [];
    async function* stages(): AsyncGenerator<ChangeSet> {
      // A request arrives while the first stage works: its I/O completes during this busy stage.
      stat(import.meta.filename, () => order.push('request'));
      for (const until = performance.now() + 30; performance.now() < until; );
      order.push('stage 1');
      yield emptyChangeSet();
      order.push('stage 2');
      yield emptyChangeSet();
    }
    // As a re-read starts: from a file event or a database open, an I/O callback.
    await new Promise<void>((resolve) => stat(import.meta.filename, () => void gatherStages(stages()).then(() => resolve())));
    expect(order).toEqual(['stage 1', 'request', 'stage 2']);
  });
});
