import 'server-only';
import { parsedNestsDeeperThan } from '@/lib/model/json-depth';

/**
 * Ways to read a JSONL line kind without decoding and parsing all of it: its largest parts are
 * bodies nothing shown needs. A line that does not have exactly the expected shape is parsed whole,
 * so a damaged line is still reported unless the damage lies inside what is skipped: that is the
 * trade.
 */
export type SkimRule = CutRule | ElideRule | SkipRule;

/**
 * A line kind read only up to one of its top-level keys: what follows (a large body, such as Claude
 * Code's `api-request-shape`) is neither decoded nor parsed. The key must come at the top level
 * after a comma, and the line end with `}`.
 */
interface CutRule {
  kind: 'cut';
  /** The line's first bytes, e.g. `{"type":"api-request-shape",`. */
  prefix: Buffer;
  /** The key whose value and everything after it are skipped, e.g. `"shape":`. */
  skipFrom: Buffer;
}

/**
 * A line kind whose body is an object in the middle of the line (what is needed comes after it, as
 * in Claude Code's `attachment` lines): the long strings inside that object keep only a beginning.
 * The object is found by `open` in the line's first bytes; the parsed line must have `type`.
 */
interface ElideRule {
  kind: 'elide';
  /** Looked for in the line's first {@link OPEN_WITHIN} bytes; the object opens at its first `{`. */
  open: Buffer;
  /** Bytes kept of each string longer than both this and {@link ELIDE_ABOVE} inside the object. */
  keep: number;
  /** The `type` the parsed line must have; a line of another type is parsed whole. */
  type: string;
}

/**
 * A line kind whose body, an object in the middle of the line, is skipped whole (Claude Code's prompt
 * snapshots, ~100 KB of tools and system prompt of which only the kind is shown). Read are the
 * line's head, up to the body's key; the body as `open` says it begins (its kind); and the line's
 * tail, from where `close` (`}` then the key after the body) last occurs: `,"` is never inside a
 * JSON string (a quote there is escaped), so that is structure, and the tail parses as the rest of
 * an object only at the top level. The search for it runs from the line's end: no byte of the body
 * is looked at.
 */
interface SkipRule {
  kind: 'skip';
  /** Looked for in the line's first {@link OPEN_WITHIN} bytes: the body's key and its beginning, e.g. `"attachment":{"type":"prompt_snapshot"`. */
  open: Buffer;
  /** What the body is read as: `open` closed (`{"attachment":{"type":"prompt_snapshot"}}`). */
  body: Record<string, unknown>;
  /** The body's end and the key after it, e.g. `},"type":"attachment"`. */
  close: Buffer;
}

export function skimRule(prefix: string, skipFrom: string): SkimRule {
  return { kind: 'cut', prefix: Buffer.from(prefix), skipFrom: Buffer.from(skipFrom) };
}

export function elideRule(type: string, open: string, keep: number): SkimRule {
  if (!open.includes('{')) throw new Error('an elide rule opens an object');
  return { kind: 'elide', open: Buffer.from(open), keep, type };
}

export function skipRule(open: string, close: string): SkimRule {
  const body = JSON.parse(`{${open}}}`) as unknown;
  if (typeof body !== 'object' || body === null || !close.startsWith('},"')) throw new Error('a skip rule opens an object after a key and closes it before one');
  return { kind: 'skip', open: Buffer.from(open), body: body as Record<string, unknown>, close: Buffer.from(close) };
}

/** How far into a line an elide or skip rule's `open` is looked for. */
const OPEN_WITHIN = 512;
/** Strings up to this long are never elided (keys, ids, kinds). */
const ELIDE_ABOVE = 256;

const COMMA = 0x2c;
const CLOSE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U = 0x75;

/** The line's value read by the first rule that fits it, or undefined to parse it whole. */
export function skimmedLine(bytes: Buffer, start: number, end: number, rules: readonly SkimRule[]): unknown {
  for (const rule of rules) {
    if (rule.kind === 'cut') {
      if (end - start <= rule.prefix.length || bytes.compare(rule.prefix, 0, rule.prefix.length, start, start + rule.prefix.length) !== 0) continue;
      return cutLine(bytes, start, end, rule);
    }
    const at = bytes.subarray(start, Math.min(end, start + OPEN_WITHIN)).indexOf(rule.open);
    if (at < 0) continue;
    if (rule.kind === 'skip') return skippedLine(bytes, start + at, start, end, rule);
    const text = elidedText(bytes, start + at + rule.open.indexOf(0x7b) + 1, start, end, Math.max(rule.keep, 0));
    const value = text === undefined ? undefined : parsedObject(text);
    return value !== undefined && (value as { type?: unknown }).type === rule.type ? value : undefined;
  }
  return undefined;
}

function cutLine(bytes: Buffer, start: number, end: number, rule: CutRule): unknown {
  let last = end - 1;
  while (last > start && (bytes[last] === 0x20 || bytes[last] === 0x0d || bytes[last] === 0x09)) last--;
  const cut = bytes.indexOf(rule.skipFrom, start + rule.prefix.length - 1);
  if (bytes[last] !== CLOSE || cut < 0 || cut >= end || bytes[cut - 1] !== COMMA) return undefined;
  return parsedObject(`${bytes.toString('utf8', start, cut - 1)}}`);
}

function skippedLine(bytes: Buffer, at: number, start: number, end: number, rule: SkipRule): unknown {
  const after = at + rule.open.length;
  const found = bytes.subarray(after, end).lastIndexOf(rule.close);
  if (found < 0) return undefined;
  const close = after + found;
  // The body's key directly after the line's `{` or a comma: the head parses only if that is the top level.
  const head = at === start + 1 && bytes[start] === 0x7b ? {} : bytes[at - 1] === COMMA ? parsedObject(`${bytes.toString('utf8', start, at - 1)}}`) : undefined;
  const tail = head === undefined ? undefined : parsedObject(`{${bytes.toString('utf8', close + 2, end)}`);
  return tail === undefined ? undefined : { ...(head as object), ...rule.body, ...(tail as object) };
}

function parsedObject(text: string): unknown {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !parsedNestsDeeperThan(text, value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the byte at `at` starts an escape: an odd run of backslashes ends there. */
function escapeStarts(bytes: Buffer, at: number, floor: number): boolean {
  let run = 0;
  while (at - run >= floor && bytes[at - run] === BACKSLASH) run++;
  return run % 2 === 1;
}

/**
 * Where a string's content starting at `from` may end at most at `cut` without splitting a UTF-8
 * character or an escape (`\n`, `\u00e9`): at most 8 bytes before `cut`.
 */
function safeCut(bytes: Buffer, from: number, cut: number): number {
  while (cut > from && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut--;
  if (cut > from && escapeStarts(bytes, cut - 1, from)) cut--;
  for (let s = Math.max(from, cut - 5); s <= cut - 2; s++) {
    if (bytes[s] === BACKSLASH && bytes[s + 1] === U && escapeStarts(bytes, s, from)) return s;
  }
  return cut;
}

/**
 * The line's text with each string longer than `keep` (and {@link ELIDE_ABOVE}) inside the object
 * opened just before `inside` cut to its first `keep` bytes. Only the string's quotes are looked
 * for (the engine's `indexOf`), and the few bytes between strings for the object's end. Undefined
 * when a string does not close on the line.
 */
function elidedText(bytes: Buffer, inside: number, start: number, end: number, keep: number): string | undefined {
  let text = '';
  let copied = start;
  let depth = 1;
  for (let at = inside; ; ) {
    const open = bytes.indexOf(QUOTE, at);
    const next = open < 0 || open >= end ? end : open;
    for (let i = at; i < next; i++) {
      const b = bytes[i];
      if (b === 0x7b || b === 0x5b) depth++;
      else if ((b === CLOSE || b === 0x5d) && --depth === 0) return text + bytes.toString('utf8', copied, end);
    }
    if (next === end) return text + bytes.toString('utf8', copied, end);
    let close = open + 1;
    for (;;) {
      close = bytes.indexOf(QUOTE, close);
      if (close < 0 || close >= end) return undefined;
      if (!escapeStarts(bytes, close - 1, open + 1)) break;
      close++;
    }
    const length = close - open - 1;
    if (length > keep && length > ELIDE_ABOVE) {
      const cut = safeCut(bytes, open + 1, open + 1 + keep);
      text += bytes.toString('utf8', copied, cut);
      copied = close;
    }
    at = close + 1;
  }
}
