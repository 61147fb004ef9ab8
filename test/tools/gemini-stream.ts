// The Gemini API side of the scripted model server (what Gemini CLI talks to):
// `POST /v1beta/models/{m}:streamGenerateContent?alt=sse` answered as SSE chunks (thoughts, text,
// function calls, then `usageMetadata` with finishReason), and `:generateContent` (the router's
// classifier, which asks for a JSON `complexity_score`) answered once.
import type { ServerResponse } from 'node:http';
import type { PickContext, StreamReply } from './model-server';

export interface GeminiPart {
  text?: string;
  thought?: boolean;
  functionCall?: unknown;
  functionResponse?: unknown;
}

export interface GeminiRequest {
  contents?: { role?: string; parts?: GeminiPart[] }[];
  tools?: { functionDeclarations?: { name?: string }[] }[];
  [key: string]: unknown;
}

/** The model id in `/v1beta/models/{m}:streamGenerateContent`. */
export function geminiModelOf(path: string): string | undefined {
  return /\/models\/([^/:]+):/.exec(path)?.[1];
}

/** Any user text may hold the keyword (the first is the harness's `<session_context>`); a turn is one model content. */
export function geminiContext(request: GeminiRequest): PickContext {
  const contents = request.contents ?? [];
  const parts = (role: string) => contents.filter((c) => c.role === role).flatMap((c) => c.parts ?? []);
  return {
    firstUserText: parts('user').map((p) => p.text ?? '').join('\n'),
    turn: contents.filter((c) => c.role === 'model').length,
    toolResults: parts('user').filter((p) => p.functionResponse).length,
  };
}

export function geminiToolNames(request: GeminiRequest): string[] {
  return (request.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name ?? '?'));
}

export function geminiError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { code: status, message, status: status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT' } }));
}

/** The router's classifier: every request is simple (score 10), so the flash model answers. */
export function respondGeminiClassifier(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const text = JSON.stringify({ reasoning: 'A scripted request.', complexity_score: 10 });
  res.end(JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 10, totalTokenCount: 60 } }));
}

function split(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One scripted reply as `streamGenerateContent` SSE. `usage.completion` is `candidatesTokenCount`
 * (thoughts excluded, as Gemini counts), `usage.reasoning` is `thoughtsTokenCount`.
 */
export async function respondGemini(res: ServerResponse, model: string, responseID: string, reply: StreamReply): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const size = reply.chunkSize ?? 40;
  const modelVersion = reply.model ?? model;
  const chunk = async (parts: GeminiPart[], extra: Record<string, unknown> = {}): Promise<void> => {
    res.write(`data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion, responseId: responseID })}\n\n`);
    if (reply.delayMs) await sleep(reply.delayMs);
  };
  for (const piece of split(reply.reasoning ?? '', size)) await chunk([{ text: piece, thought: true }]);
  for (const piece of split(reply.text ?? '', size)) await chunk([{ text: piece }]);
  const calls = (reply.toolCalls ?? []).map((call) => ({ functionCall: { name: call.name, args: call.input } }));
  const usage = reply.usage ?? { prompt: 100, completion: 10 };
  const usageMetadata = {
    promptTokenCount: usage.prompt,
    candidatesTokenCount: usage.completion,
    ...(usage.cached ? { cachedContentTokenCount: usage.cached } : {}),
    ...(usage.reasoning ? { thoughtsTokenCount: usage.reasoning } : {}),
    totalTokenCount: usage.prompt + usage.completion + (usage.reasoning ?? 0),
  };
  res.write(`data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: calls.length > 0 ? calls : [{ text: '' }] }, finishReason: 'STOP', index: 0 }], usageMetadata, modelVersion, responseId: responseID })}\n\n`);
  res.end();
}
