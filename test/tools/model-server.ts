// A scripted, deterministic OpenAI-compatible chat-completions server on 127.0.0.1.
// OpenCode and pi talk to it as OpenAI chat completions (streaming SSE); Claude Code as the
// Anthropic Messages API (`/v1/messages`, see anthropic-stream.ts); Codex CLI as the OpenAI
// Responses API (`/v1/responses`, responses-stream.ts); Gemini CLI as the Gemini API
// (`:streamGenerateContent`, gemini-stream.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicContext, anthropicError, isAnthropicAuxiliary, respondAnthropic, type AnthropicRequest } from './anthropic-stream';
import { geminiContext, geminiError, geminiModelOf, geminiToolNames, respondGemini, respondGeminiClassifier, type GeminiRequest } from './gemini-stream';
import { respondResponses, responsesContext, responsesError, responsesToolNames, type ResponsesRequest } from './responses-stream';

/** One tool call the scripted model makes. `input` is sent as the JSON arguments. */
export interface ToolCallSpec {
  name: string;
  input: Record<string, unknown>;
  /** Call id; defaults to a deterministic `call_<scenario>_<turn>_<n>`. */
  id?: string;
  /** Responses API only: the tool's namespace (Codex's `multi_agent_v1` subagent tools). */
  namespace?: string;
}

/** Token usage reported in the final chunk. */
export interface UsageSpec {
  prompt: number;
  completion: number;
  /** `prompt_tokens_details.cached_tokens` */
  cached?: number;
  /** `completion_tokens_details.reasoning_tokens` */
  reasoning?: number;
  /** Anthropic only: `cache_creation_input_tokens` (part of `prompt`, like `cached`). */
  cacheWrite?: number;
}

/** A streamed reply: reasoning (optional), then text (optional), then tool calls (optional). */
export interface StreamReply {
  type: 'stream';
  reasoning?: string;
  text?: string;
  toolCalls?: ToolCallSpec[];
  usage?: UsageSpec;
  /** Characters per content chunk (default 24). */
  chunkSize?: number;
  /** Delay between chunks in ms (default 0): used for slow, live streaming. */
  delayMs?: number;
  /** Model id the answer names (default: the requested one). */
  model?: string;
}

/** A non-streamed HTTP error with an OpenAI-style JSON body (400 is not retried). */
export interface ErrorReply {
  type: 'error';
  status: number;
  message: string;
  /** Fail only this many attempts of the same turn, then answer `then` (a retried 529). */
  failures?: number;
  then?: Reply;
}

export type Reply = StreamReply | ErrorReply;

/**
 * A scripted conversation. It is chosen when `keyword` occurs in the first user
 * message of the request; `turns[i]` answers the request that already holds `i`
 * assistant messages (i.e. after `i` model turns, usually tool-call turns).
 */
export interface Scenario {
  name: string;
  keyword: string;
  turns: Reply[];
  /** Answer to title / summary requests that mention the keyword (default `<name> scenario`). */
  title?: string;
}

/** What the server saw for one request (for assertions and debugging). */
export interface RecordedRequest {
  path: string;
  kind: 'chat' | 'title' | 'models' | 'other';
  model?: string;
  scenario?: string;
  turn?: number;
  toolNames: string[];
  body: unknown;
}

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: unknown[];
  tool_call_id?: string;
}

export interface OfferedTool {
  type: string;
  function?: { name: string; parameters?: Record<string, unknown> };
}

export interface ChatRequest {
  model?: string;
  messages?: ChatMessage[];
  tools?: OfferedTool[];
  stream?: boolean;
  [key: string]: unknown;
}

/** Context passed to a custom picker. */
export interface PickContext {
  firstUserText: string;
  turn: number;
  toolResults: number;
}

/** A custom reply chooser; return `undefined` to fall back to the default "Done." reply. */
export type ScenarioPicker = (request: ChatRequest, context: PickContext) => Reply | undefined;

export interface ModelServer {
  /** Base URL without `/v1`, e.g. `http://127.0.0.1:43123`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const TITLE_REPLY = 'Scripted session';

export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((item) => (item && typeof item === 'object' && 'text' in item ? String((item as { text: unknown }).text) : ''))
      .join('\n');
  }
  return '';
}

/** Title / summary requests: no tools offered, or a system prompt about titles. */
export function isAuxiliaryRequest(request: ChatRequest): boolean {
  const system = (request.messages ?? [])
    .filter((m) => m.role === 'system')
    .map((m) => messageText(m.content))
    .join('\n')
    .toLowerCase();
  if (system.includes('title generator') || system.includes('generate a title') || system.includes('you are a title')) {
    return true;
  }
  return !request.tools || request.tools.length === 0;
}

export function pickContext(request: ChatRequest): PickContext {
  const messages = request.messages ?? [];
  const firstUser = messages.find((m) => m.role === 'user');
  return {
    firstUserText: firstUser ? messageText(firstUser.content) : '',
    turn: messages.filter((m) => m.role === 'assistant').length,
    toolResults: messages.filter((m) => m.role === 'tool').length,
  };
}

/** Picks by keyword in the first user message (longest keyword wins) and turn index. */
export function scenarioPicker(scenarios: Scenario[]): ScenarioPicker {
  const sorted = [...scenarios].sort((a, b) => b.keyword.length - a.keyword.length);
  return (_request, context) => {
    const scenario = sorted.find((s) => context.firstUserText.includes(s.keyword));
    if (!scenario) return undefined;
    return scenario.turns[context.turn];
  };
}

function findScenario(scenarios: Scenario[] | null, text: string): Scenario | undefined {
  if (!scenarios) return undefined;
  return [...scenarios].sort((a, b) => b.keyword.length - a.keyword.length).find((s) => text.includes(s.keyword));
}

const DEFAULT_REPLY: StreamReply = { type: 'stream', text: 'Done.', usage: { prompt: 100, completion: 2 } };

/** `rewrite`: fills a picked reply from the request (a subagent id only known at run time). */
export async function startModelServer(script: Scenario[] | ScenarioPicker, options: { rewrite?: (reply: Reply, request: ChatRequest) => Reply } = {}): Promise<ModelServer> {
  const scenarios = Array.isArray(script) ? script : null;
  const picker = Array.isArray(script) ? scenarioPicker(script) : script;
  const pick: ScenarioPicker = (request, context) => {
    const reply = picker(request, context);
    return reply && options.rewrite ? options.rewrite(reply, request) : reply;
  };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let counter = 0;
  const attempts = new Map<string, number>();
  const stamp = Date.now().toString(36);
  /** An error reply that fails only its first `failures` attempts gives way to its `then`. */
  const settle = (reply: Reply, key: string): Reply => {
    if (reply.type !== 'error' || reply.failures === undefined) return reply;
    const n = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, n);
    return n > reply.failures && reply.then ? settle(reply.then, `${key}:then`) : reply;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const raw = await readBody(req);
    if (req.method === 'GET' && path.endsWith('/models')) {
      requests.push({ path, kind: 'models', toolNames: [], body: null });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [] }));
      return;
    }
    if (req.method === 'POST' && path.endsWith('/messages/count_tokens')) {
      requests.push({ path, kind: 'other', toolNames: [], body: null });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    if (req.method === 'POST' && path.endsWith('/messages')) {
      await handleAnthropic(path, (raw ? JSON.parse(raw) : {}) as AnthropicRequest, res);
      return;
    }
    if (req.method === 'POST' && path.endsWith('/responses')) {
      handleResponses(path, (raw ? JSON.parse(raw) : {}) as ResponsesRequest, res);
      return;
    }
    if (req.method === 'POST' && path.endsWith(':streamGenerateContent')) {
      await handleGemini(path, (raw ? JSON.parse(raw) : {}) as GeminiRequest, res);
      return;
    }
    if (req.method === 'POST' && path.endsWith(':generateContent')) {
      requests.push({ path, kind: 'title', model: geminiModelOf(path), toolNames: [], body: raw ? (JSON.parse(raw) as unknown) : null });
      respondGeminiClassifier(res);
      return;
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      requests.push({ path, kind: 'other', toolNames: [], body: raw });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}`, type: 'not_found' } }));
      return;
    }
    const body = (raw ? JSON.parse(raw) : {}) as ChatRequest;
    const toolNames = (body.tools ?? []).map((t) => t.function?.name ?? '?');
    const id = `chatcmpl-${++counter}`;
    if (isAuxiliaryRequest(body)) {
      const userText = (body.messages ?? [])
        .filter((m) => m.role === 'user')
        .map((m) => messageText(m.content))
        .join('\n');
      const scenario = findScenario(scenarios, userText);
      const title = scenario ? (scenario.title ?? `${scenario.name} scenario`) : TITLE_REPLY;
      requests.push({ path, kind: 'title', model: body.model, scenario: scenario?.name, toolNames, body });
      await respond(res, body, id, { type: 'stream', text: title, usage: { prompt: 50, completion: 3 } }, 'title', 0);
      return;
    }
    const context = pickContext(body);
    const scenario = findScenario(scenarios, context.firstUserText)?.name;
    const reply = settle(pick(body, context) ?? DEFAULT_REPLY, `${scenario ?? context.firstUserText}:${context.turn}`);
    requests.push({ path, kind: 'chat', model: body.model, scenario, turn: context.turn, toolNames, body });
    await respond(res, body, id, reply, scenario ?? 'custom', context.turn);
  }

  async function handleAnthropic(path: string, body: AnthropicRequest, res: ServerResponse): Promise<void> {
    const toolNames = (body.tools ?? []).map((t) => t.name ?? '?');
    const id = `msg_${stamp}${String(++counter).padStart(4, '0')}`;
    const context = anthropicContext(body);
    const scenario = findScenario(scenarios, context.firstUserText)?.name;
    if (isAnthropicAuxiliary(body)) {
      requests.push({ path, kind: 'title', model: body.model, scenario, toolNames, body });
      const title = scenarios?.find((s) => s.name === scenario)?.title ?? (scenario ? `${scenario} scenario` : TITLE_REPLY);
      await respondAnthropic(res, body, id, { type: 'stream', text: title, usage: { prompt: 50, completion: 3 } }, () => '');
      return;
    }
    const reply = settle(pick(body as ChatRequest, context) ?? DEFAULT_REPLY, `${scenario ?? context.firstUserText}:${context.turn}`);
    requests.push({ path, kind: 'chat', model: body.model, scenario, turn: context.turn, toolNames, body });
    if (reply.type === 'error') {
      anthropicError(res, reply.status, reply.message);
      return;
    }
    const tag = (scenario ?? 'custom').replace(/\W+/g, '_');
    await respondAnthropic(res, body, id, reply, (n, call) => call.id ?? `toolu_${stamp}_${tag}_${context.turn}_${n}`);
  }

  function handleResponses(path: string, body: ResponsesRequest, res: ServerResponse): void {
    const context = responsesContext(body);
    const scenario = findScenario(scenarios, context.firstUserText)?.name;
    const reply = settle(pick(body as ChatRequest, context) ?? DEFAULT_REPLY, `${scenario ?? context.firstUserText}:${context.turn}`);
    requests.push({ path, kind: 'chat', model: body.model, scenario, turn: context.turn, toolNames: responsesToolNames(body), body });
    if (reply.type === 'error') return responsesError(res, reply.status, reply.message);
    const n = ++counter;
    respondResponses(res, body, `resp_${stamp}_${String(n).padStart(4, '0')}`, `${stamp}_${n}`, reply);
  }

  async function handleGemini(path: string, body: GeminiRequest, res: ServerResponse): Promise<void> {
    const model = geminiModelOf(path) ?? 'gemini';
    const context = geminiContext(body);
    const scenario = findScenario(scenarios, context.firstUserText)?.name;
    const reply = settle(pick(body as ChatRequest, context) ?? DEFAULT_REPLY, `${scenario ?? context.firstUserText}:${context.turn}`);
    requests.push({ path, kind: 'chat', model, scenario, turn: context.turn, toolNames: geminiToolNames(body), body });
    if (reply.type === 'error') return geminiError(res, reply.status, reply.message);
    await respondGemini(res, model, `resp_${stamp}_${++counter}`, reply);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Tool schemas drift between OpenCode versions (e.g. bash `description` is
 * required in 1.1/1.2 and absent in 1.18; todo items need `id` in 1.1 and
 * forbid it in 1.2): drop input keys the offered schema does not declare.
 */
export function fitToSchema(call: ToolCallSpec, tools: OfferedTool[]): Record<string, unknown> {
  const offered = tools.find((t) => t.function?.name === call.name);
  const fitted = fitValue(call.input, offered?.function?.parameters as JsonSchema | undefined);
  return fitted as Record<string, unknown>;
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

function fitValue(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return value;
  if (Array.isArray(value)) return schema.items ? value.map((item) => fitValue(item, schema.items)) : value;
  if (value && typeof value === 'object' && schema.properties) {
    const properties = schema.properties;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key in properties)
        .map(([key, item]) => [key, fitValue(item, properties[key])]),
    );
  }
  return value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function split(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function respond(
  res: ServerResponse,
  request: ChatRequest,
  id: string,
  reply: Reply,
  scenario: string,
  turn: number,
): Promise<void> {
  if (reply.type === 'error') {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: reply.message, type: 'invalid_request_error', code: 'scripted_error' } }));
    return;
  }
  const model = request.model ?? 'scripted';
  const created = 1_700_000_000;
  const size = reply.chunkSize ?? 24;
  const delay = reply.delayMs ?? 0;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const send = async (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) => {
    if (closed) return;
    const chunk = {
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...extra,
    };
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    if (delay > 0) await sleep(delay);
  };

  await send({ role: 'assistant', content: '' });
  for (const piece of split(reply.reasoning ?? '', size)) await send({ reasoning_content: piece });
  for (const piece of split(reply.text ?? '', size)) await send({ content: piece });
  const calls = reply.toolCalls ?? [];
  for (const [index, call] of calls.entries()) {
    const args = JSON.stringify(fitToSchema(call, request.tools ?? []));
    const callId = call.id ?? `call_${scenario.replace(/\W+/g, '_')}_${turn}_${index}`;
    const half = Math.max(1, Math.floor(args.length / 2));
    await send({
      tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: args.slice(0, half) } }],
    });
    await send({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
  }
  await send({}, calls.length > 0 ? 'tool_calls' : 'stop');
  if (!closed) {
    const usage = reply.usage ?? { prompt: 100, completion: 10 };
    const final = {
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [],
      usage: {
        prompt_tokens: usage.prompt,
        completion_tokens: usage.completion,
        total_tokens: usage.prompt + usage.completion,
        prompt_tokens_details: { cached_tokens: usage.cached ?? 0 },
        completion_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
      },
    };
    res.write(`data: ${JSON.stringify(final)}\n\n`);
    res.write('data: [DONE]\n\n');
  }
  res.end();
}
