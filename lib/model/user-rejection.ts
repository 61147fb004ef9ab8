// What an agent writes as a tool call's error when the person turned the call down at its permission
// prompt: the agent stops there and waits for them (OpenCode's RejectedError "halts execution";
// Claude Code's result says "wait for the user to tell you how to proceed"). OpenCode's rejection
// with feedback ("... with the following feedback: ...") is not one: the agent carries on with it.
const REJECTIONS = [
  /^(?:\w*Error: )?The user rejected permission to use this specific tool call\.?\s*$/,
  /^The user doesn't want to proceed with this tool use\. The tool use was rejected/,
];

/** True when a tool call's error says the user turned the call down and the agent stopped for them. */
export function isUserRejection(error: string): boolean {
  return REJECTIONS.some((re) => re.test(error.trim()));
}
