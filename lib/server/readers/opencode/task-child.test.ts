import { describe, expect, it } from 'vitest';
import { taskChildSessionID } from './task-child';

const CHILD = 'ses_dfbfa5801ffepLjjjjiKU0Qen2';

describe('taskChildSessionID', () => {
  it('reads the child from the task call as OpenCode 1.18.33 writes it', () => {
    expect(taskChildSessionID('task', { parentSessionId: 'ses_dfbfa58beffe5eYocq3mGPj0gD', sessionId: CHILD }, undefined)).toBe(CHILD);
    expect(taskChildSessionID('task', undefined, `<task id="${CHILD}" state="completed">\n<task_result>\nSlept.\n</task_result>\n</task>`)).toBe(CHILD);
    expect(taskChildSessionID('task', {}, `task_id: ${CHILD} (for resuming)\n\n<task_result>`)).toBe(CHILD);
  });

  it('links nothing for other tools or ids that are not session ids', () => {
    expect(taskChildSessionID('bash', { sessionId: CHILD }, undefined)).toBeUndefined();
    expect(taskChildSessionID('task', { sessionId: '../../x' }, '<task id="nope">')).toBeUndefined();
  });
});
