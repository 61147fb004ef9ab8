import type { MessageInfo } from '@/lib/model/message';
import type { ToolPart } from '@/lib/model/part';
import type { TokenCounts } from '@/lib/model/tokens';
import type { AttributeValue } from './span-record';

type Attributes = Record<string, AttributeValue>;

/** Text sent with `--export-text` is cut here: one tool output can be megabytes. */
export const TEXT_LIMIT = 32_000;

export function clip(text: string): string {
  return text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}… (${text.length.toLocaleString('en-US')} characters)` : text;
}

/**
 * Where every span says which session it belongs to. `session.id` is the root session (the
 * conversation the person had: Langfuse and Phoenix group traces by it); `gen_ai.conversation.id`
 * is the span's own session (a subagent's conversation is its own).
 */
export function sessionAttributes(rootID: string, ownID: string): Attributes {
  return { 'session.id': rootID, 'gen_ai.conversation.id': ownID };
}

export function agentAttributes(agent: string, source: string, user: string | undefined): Attributes {
  return {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.name': agent,
    'sessionscope.source': source,
    'openinference.span.kind': 'AGENT',
    ...(user ? { 'user.id': user } : {}),
  };
}

/**
 * One model request. Token counts are disjoint, as the dashboard counts them: `input_tokens` is the
 * uncached input (Langfuse adds the cache attributes to it; counting cache reads in both would double
 * them), `output_tokens` excludes reasoning. Phoenix's OpenInference counts are totals with details.
 */
export function chatAttributes(message: MessageInfo, tokens: Readonly<TokenCounts>, cost: number, finish: string | undefined): Attributes {
  const prompt = tokens.input + tokens.cacheRead + tokens.cacheWrite;
  const completion = tokens.output + tokens.reasoning;
  const attributes: Attributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.usage.input_tokens': tokens.input,
    'gen_ai.usage.output_tokens': tokens.output,
    'gen_ai.usage.cache_read.input_tokens': tokens.cacheRead,
    'gen_ai.usage.cache_creation.input_tokens': tokens.cacheWrite,
    'gen_ai.usage.reasoning.output_tokens': tokens.reasoning,
    'gen_ai.usage.cost': cost,
    'openinference.span.kind': 'LLM',
    'llm.token_count.prompt': prompt,
    'llm.token_count.completion': completion,
    'llm.token_count.total': prompt + completion,
    'llm.token_count.prompt_details.cache_read': tokens.cacheRead,
    'llm.token_count.prompt_details.cache_write': tokens.cacheWrite,
    'llm.token_count.completion_details.reasoning': tokens.reasoning,
    'llm.cost.total': cost,
  };
  if (message.providerID) {
    attributes['gen_ai.provider.name'] = message.providerID;
    attributes['llm.provider'] = message.providerID;
  }
  if (message.modelID) {
    attributes['gen_ai.request.model'] = message.modelID;
    attributes['gen_ai.response.model'] = message.modelID;
    attributes['llm.model_name'] = message.modelID;
  }
  if (finish) attributes['gen_ai.response.finish_reasons'] = [finish];
  if (message.agent) attributes['gen_ai.agent.name'] = message.agent;
  if (message.sideCall) attributes['sessionscope.side_call'] = message.sideCall;
  return attributes;
}

export function toolAttributes(part: ToolPart): Attributes {
  return {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': part.tool,
    'gen_ai.tool.call.id': part.callID,
    'gen_ai.tool.type': 'function',
    'openinference.span.kind': 'TOOL',
    'tool.name': part.tool,
    ...(part.childSessionID ? { 'sessionscope.child_session.id': part.childSessionID } : {}),
  };
}

/** Prompt and completion text (`--export-text` only): the attributes Langfuse and Phoenix show as input and output. */
export function textAttributes(input: string | undefined, output: string | undefined): Attributes {
  const attributes: Attributes = {};
  if (input) attributes['input.value'] = clip(input);
  if (output) attributes['output.value'] = clip(output);
  return attributes;
}
