import { describe, expect, it } from 'vitest';
import { applyLiveStatus, withChildApproval, type LiveSessionState } from './live-status';
import type { StatusResult } from './session-status';

const disk = (status: StatusResult['status'], lastWrite = 1_000): StatusResult => ({ status, reason: 'from disk', lastWrite });
const approval = { id: 'per_1', permission: 'bash', patterns: ['ls -la'], at: 900 };

describe('applyLiveStatus', () => {
  it('shows a waiting approval as its own status, over a tool that looks busy on disk', () => {
    const live: LiveSessionState = { approvals: [approval], server: { type: 'busy', at: 1_000 } };
    const status = applyLiveStatus({ ...disk('busy'), activity: { kind: 'tool', tool: 'bash', arg: 'ls -la' } }, live);
    expect(status).toMatchObject({ status: 'needs-approval', reason: 'Needs your approval: bash ls -la', activity: { kind: 'approval', permission: 'bash', pattern: 'ls -la' } });
  });

  it('says busy when the server says so and the disk has not caught up (new turn, quiet long tool)', () => {
    expect(applyLiveStatus(disk('waiting-for-user'), { approvals: [], server: { type: 'busy', at: 1_200 } }).status).toBe('busy');
    expect(applyLiveStatus(disk('stale'), { approvals: [], server: { type: 'busy', at: 1_200 } }).status).toBe('busy');
    expect(applyLiveStatus(disk('idle'), { approvals: [], server: { type: 'retry', attempt: 2, message: 'overloaded', at: 1_200 } })).toMatchObject({ status: 'retrying', reason: expect.stringContaining('attempt 2') });
  });

  it("says whose word it is when the server contradicts a session the disk shows over long ago", () => {
    const daysLater = 1_000 + 3 * 24 * 60 * 60_000;
    const status = applyLiveStatus(disk('idle'), { approvals: [{ ...approval, at: daysLater }] });
    expect(status).toMatchObject({ status: 'needs-approval', reason: expect.stringMatching(/^Needs your approval: bash ls -la \(only OpenCode's server says so: nothing was written for 3 ?d/) });
    expect(applyLiveStatus(disk('idle'), { approvals: [], server: { type: 'busy', at: daysLater } }).reason).toContain("only OpenCode's server says so");
  });

  it('lets a newer write on disk win over what the server said earlier', () => {
    expect(applyLiveStatus(disk('waiting-for-user', 10_000), { approvals: [], server: { type: 'busy', at: 1_000 } }).status).toBe('waiting-for-user');
  });

  it('changes nothing without a server or when it says idle', () => {
    expect(applyLiveStatus(disk('busy'), undefined).status).toBe('busy');
    expect(applyLiveStatus(disk('waiting-for-user'), { approvals: [], server: { type: 'idle', at: 2_000 } }).status).toBe('waiting-for-user');
  });

  it('passes a subagent\'s approval up to its parent', () => {
    const child: StatusResult = { status: 'needs-approval', reason: 'Needs your approval: bash rm x', lastWrite: 5, activity: { kind: 'approval', permission: 'bash', pattern: 'rm x' } };
    expect(withChildApproval(disk('waiting-for-subagents'), [child])).toMatchObject({ status: 'needs-approval', reason: 'A subagent needs your approval: bash rm x', lastWrite: 1_000 });
    expect(withChildApproval(disk('busy'), [disk('busy')]).status).toBe('busy');
  });
});
