import type { Random } from './random';

const LOW_48 = (1n << 48n) - 1n;

/**
 * Ids made the way OpenCode makes them: prefix + 12 hex (low 48 bits of ms*0x1000+counter,
 * bit-inverted for sessions so newer sessions sort first) + 14 base62. The counter restarts at 1
 * for every new millisecond, as in OpenCode's process-local generator.
 */
export class IdMaker {
  private lastMs = -1;
  private counter = 0;
  constructor(private readonly random: Random) {}
  ascending(prefix: 'msg' | 'prt' | 'ses', ms: number): string {
    return this.make(prefix, ms, false);
  }
  session(ms: number): string {
    return this.make('ses', ms, true);
  }
  private make(prefix: string, ms: number, descending: boolean): string {
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.counter = 0;
    }
    this.counter++;
    let value = BigInt(ms) * 0x1000n + BigInt(this.counter);
    if (descending) value = ~value;
    const hex = (value & LOW_48).toString(16).padStart(12, '0');
    return `${prefix}_${hex}${this.random.base62(14)}`;
  }
}
