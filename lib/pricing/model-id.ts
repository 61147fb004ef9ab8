/** Ids that no spelling rule can bridge (GitHub Copilot's own names). */
const ALIASES: Readonly<Record<string, string>> = {
  'claude-opus-41': 'claude-opus-4-1',
};

const REGION_PREFIX = /^(?:us|eu|apac|global|jp|au|ca|us-gov)\./;
const VENDOR_PREFIX = /^(?:anthropic|openai|meta|amazon|mistral|deepseek|qwen|google|cohere|ai21|writer|moonshotai|minimax|zai|xai)\./;

/**
 * One spelling for the variants providers use for the same model, so a Copilot
 * `claude-sonnet-4.5`, an OpenRouter `anthropic/claude-sonnet-4.5`, a Bedrock
 * `us.anthropic.claude-sonnet-4-5-20250929-v1:0` and a Vertex `claude-sonnet-4-5@20250929`
 * all meet Anthropic's `claude-sonnet-4-5`. Only used when the exact id is not listed.
 */
export function normaliseModelId(raw: string): string {
  let id = raw.trim().toLowerCase();
  id = id.slice(id.lastIndexOf('/') + 1).replace(/^~/, '');
  id = id.replace(REGION_PREFIX, '').replace(VENDOR_PREFIX, '');
  id = id.replace(/-v\d+(?::\d+)?$/, '').replace(/@.*$/, '').replace(/:.*$/, '');
  id = id.replace(/-(?:\d{8}|\d{4}-\d{2}-\d{2})$/, '').replace(/-latest$/, '');
  // Dots between digits are the other common spelling of a version: 4.5 = 4-5.
  id = id.replace(/(\d)\.(?=\d)/g, '$1-');
  // `claude-sonnet-4-0` is Anthropic's alias of `claude-sonnet-4`.
  id = id.replace(/(\d)-0$/, '$1');
  return ALIASES[id] ?? id;
}
