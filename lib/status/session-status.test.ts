import { describe, expect, it } from 'vitest';
import { needsYou, type StatusResult } from './session-status';

const at = (status: StatusResult['status'], lastWrite: number): StatusResult => ({ status, reason: '', lastWrite });

describe('needsYou', () => {
  it('counts an ended turn, an approval waiting, and a recent error; not work in progress or old errors', () => {
    const now = 10 * 60 * 60_000;
    expect(needsYou(at('waiting-for-user', now), now)).toBe(true);
    expect(needsYou(at('needs-approval', now), now)).toBe(true);
    expect(needsYou(at('error', now - 60_000), now)).toBe(true);
    expect(needsYou(at('error', now - 3 * 60 * 60_000), now)).toBe(false);
    expect(needsYou(at('busy', now), now)).toBe(false);
    expect(needsYou(at('idle', now), now)).toBe(false);
  });
});
