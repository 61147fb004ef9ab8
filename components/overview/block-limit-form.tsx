'use client';
import { useState, type FormEvent } from 'react';
import type { BlockLimit } from '@/lib/blocks/block-limit';

/** Sets (or clears, with an empty amount) the limit a block is measured against. */
export function BlockLimitForm({ limit, onChange }: { limit: BlockLimit | undefined; onChange: (limit: BlockLimit | undefined) => void }) {
  const [value, setValue] = useState(limit ? String(limit.value) : '');
  const [unit, setUnit] = useState<BlockLimit['unit']>(limit?.unit ?? 'usd');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value.replace(/[$,\s]/g, ''));
    onChange(value.trim() && Number.isFinite(n) && n > 0 ? { unit, value: n } : undefined);
  };
  return (
    <form className="block-limit-form" onSubmit={submit} aria-label="Limit per five-hour block">
      <label className="muted small" htmlFor="block-limit-value">
        Limit
      </label>
      <input id="block-limit-value" inputMode="decimal" placeholder="none" value={value} onChange={(e) => setValue(e.target.value)} size={8} />
      <select aria-label="Limit unit" value={unit} onChange={(e) => setUnit(e.target.value as BlockLimit['unit'])}>
        <option value="usd">USD</option>
        <option value="tokens">tokens</option>
      </select>
      <button type="submit">Set</button>
    </form>
  );
}
