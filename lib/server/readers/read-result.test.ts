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
});
