import { describe, expect, it } from 'vitest';
import { FactsPacker, FactsTable, factsTransferList, packFacts } from './packed-facts';
import type { MessageFacts } from './session-documents';

function entries(count: number): [string, MessageFacts][] {
  const roles = ['user', 'assistant'] as const;
  return Array.from({ length: count }, (_, n) => {
    const facts: MessageFacts = { sessionID: `ses_${n % 7}`, role: roles[n % 2] ?? 'user', time: 1_780_000_000_000 + n * 1_001.5 };
    if (n % 3 !== 0) facts.agent = n % 3 === 1 ? 'build' : 'plan';
    if (n % 4 !== 0) facts.model = `provider/model-${n % 4}`;
    if (n % 11 === 5) facts.error = `APIError: rate limited ${n}`;
    return [`msg_${n.toString(36).padStart(6, '0')}`, facts];
  });
}

describe('message facts packed for a worker', () => {
  it('gives back every message’s facts as they were, optional fields absent where they were absent', () => {
    const all = entries(500);
    const table = new FactsTable(packFacts(all));
    expect(table.size).toBe(500);
    for (const [id, facts] of all) expect(table.get(id)).toStrictEqual(facts);
    expect(table.get('msg_unknown')).toBeUndefined();
  });

  it('lists exactly the messages with an error, in order', () => {
    const all = entries(500);
    expect([...new FactsTable(packFacts(all)).withErrors()]).toStrictEqual(all.filter(([, f]) => f.error !== undefined));
  });

  it('keeps each shared string once and survives a transfer to another thread', () => {
    const packed = packFacts(entries(1_000));
    // 7 sessions, 2 roles, 2 agents, 3 models, 91 errors.
    expect(packed.strings).toHaveLength(7 + 2 + 2 + 3 + 91);
    const moved = structuredClone(packed, { transfer: factsTransferList(packed) });
    expect(packed.columns.length).toBe(0);
    const table = new FactsTable(moved);
    for (const [id, facts] of entries(1_000)) expect(table.get(id)).toStrictEqual(facts);
  });

  it('packs facts added one by one, past the room it started with, as packFacts packs the list', () => {
    const all = entries(1_000);
    const packer = new FactsPacker(3);
    for (const [id, facts] of all) packer.add(id, facts);
    const packed = packer.packed();
    expect(packed).toStrictEqual(packFacts(all));
    const table = new FactsTable(packed);
    for (const [id, facts] of all) expect(table.get(id)).toStrictEqual(facts);
  });
});
