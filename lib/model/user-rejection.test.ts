import { describe, expect, it } from 'vitest';
import { isUserRejection } from './user-rejection';

describe('isUserRejection', () => {
  it("knows OpenCode's and Claude Code's words for a call the user turned down", () => {
    expect(isUserRejection('The user rejected permission to use this specific tool call.')).toBe(true);
    expect(isUserRejection('Error: The user rejected permission to use this specific tool call.')).toBe(true);
    expect(isUserRejection('PermissionRejectedError: The user rejected permission to use this specific tool call.')).toBe(true);
    expect(isUserRejection("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.")).toBe(true);
  });

  it('is not a rejection with feedback (the agent goes on) nor any other error', () => {
    expect(isUserRejection('The user rejected permission to use this specific tool call with the following feedback: use pnpm')).toBe(false);
    expect(isUserRejection('Error: File not found: /tmp/x/missing-file.txt')).toBe(false);
    expect(isUserRejection('permission denied')).toBe(false);
  });
});
