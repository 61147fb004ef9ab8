import 'server-only';
import type { ModelChangePart, Part } from '@/lib/model/part';
import { addCustomMessage, type PiRunState } from './pi-message';
import { clientRecordPart } from './pi-records';
import { addSideCall } from './pi-side-call';
import type { PiEntry } from './pi-schema';
import type { SessionBuilder } from './session-builder';

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** Any entry shown as-is: the UI renders `pi:<type>` parts from their raw record. */
export function unknownPart(b: SessionBuilder, entry: PiEntry, time: number, originalType = `pi:${entry.type}`, suffix = 'event'): Part {
  return { id: `${b.sessionID}:${entry.id}:${suffix}`, messageID: '', sessionID: b.sessionID, type: 'unknown', originalType, raw: entry, time: { start: time } };
}

/** Entries that change the state later messages are read with (model, mode, agent). */
export function updateState(entry: PiEntry, state: PiRunState): void {
  if (entry.type === 'model_change' && (entry.role === undefined || entry.role === 'default')) {
    // oh-my-pi writes `model: "provider/id"`; pi writes `provider` and `modelId`.
    const model = str(entry.model) ?? (str(entry.modelId) ? `${str(entry.provider) ? `${str(entry.provider)}/` : ''}${str(entry.modelId)}` : undefined);
    const slash = model?.indexOf('/') ?? -1;
    if (model && slash > 0) Object.assign(state, { providerID: model.slice(0, slash), modelID: model.slice(slash + 1) });
    else if (model) state.modelID = model;
  }
  if (entry.type === 'mode_change') state.mode = str(entry.mode) === 'none' ? undefined : str(entry.mode);
  if (entry.type === 'session_init' && str(entry.agent)) state.agent = str(entry.agent);
}

/** Every entry type other than `message` (spec 001 + newer ones): parts on the nearest message. */
export function addEventEntry(b: SessionBuilder, entry: PiEntry, time: number, state: PiRunState): void {
  updateState(entry, state);
  if (entry.type === 'custom_message' && addCustomMessage(b, entry, time, state, { ...entry, role: 'custom', timestamp: undefined })) return;
  if (entry.type === 'model_usage' && addSideCall(b, entry, time, state)) return;
  if (entry.type === 'compaction') {
    const base = { messageID: '', sessionID: b.sessionID, time: { start: time } };
    const parts: Part[] = [{ ...base, id: `${b.sessionID}:${entry.id}:compaction`, type: 'compaction', auto: false }];
    const summary = str(entry.summary);
    if (summary) parts.push({ ...base, id: `${b.sessionID}:${entry.id}:summary`, type: 'text', text: summary, synthetic: true });
    const record = clientRecordPart(b, entry, time);
    if (record) parts.push(record);
    b.attach(entry, parts);
    return;
  }
  if (entry.type === 'model_change' || entry.type === 'thinking_level_change') {
    b.attach(entry, [modelChangePart(b, entry, time)]);
    return;
  }
  b.attach(entry, [clientRecordPart(b, entry, time) ?? unknownPart(b, entry, time)]);
}

/** `model_change` / `thinking_level_change`: the model or thinking level used from here on. */
function modelChangePart(b: SessionBuilder, entry: PiEntry, time: number): ModelChangePart {
  const model = str(entry.modelId) ?? str(entry.model);
  const slash = entry.modelId === undefined && model ? model.indexOf('/') : -1;
  const providerID = str(entry.provider) ?? (slash > 0 ? model?.slice(0, slash) : undefined);
  const modelID = slash > 0 ? model?.slice(slash + 1) : model;
  const thinkingLevel = str(entry.thinkingLevel) ?? str(entry.level);
  return {
    id: `${b.sessionID}:${entry.id}:event`,
    messageID: '',
    sessionID: b.sessionID,
    type: 'model-change',
    ...(providerID ? { providerID } : {}),
    ...(modelID ? { modelID } : {}),
    ...(thinkingLevel ? { thinkingLevel } : {}),
    time: { start: time },
  };
}
