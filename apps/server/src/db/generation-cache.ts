import { writeGeneration, type WriteFamily } from './write-generation';

/**
 * A short per-process cache of something read from the database (issue 15). An entry lives `ms`, and is dropped as
 * soon as this process writes to a table of its write family (db/write-generation.ts), so such a write shows at once
 * here and within `ms` in every other process. Beyond `maxEntries` the oldest entry goes.
 */
export class GenerationCache<V> {
  readonly #entries = new Map<string, { generation: number; until: number; value: V }>();

  constructor(
    readonly family: WriteFamily,
    readonly ms: number,
    readonly maxEntries: number,
  ) {}

  /** The counter a read runs under: take it before the read, and give it to `set` with the read's answer. */
  generation(): number {
    return writeGeneration(this.family);
  }

  get(key: string, now = Date.now()): V | undefined {
    const hit = this.#entries.get(key);
    if (hit === undefined) return undefined;
    if (hit.until > now && hit.generation === writeGeneration(this.family)) return hit.value;
    this.#entries.delete(key);
    return undefined;
  }

  /** Keeps an answer read under `generation`; one that a write overtook while it was read is not kept. */
  set(key: string, value: V, generation: number, now = Date.now()): void {
    if (generation !== writeGeneration(this.family)) return;
    this.#entries.delete(key);
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { generation, until: now + this.ms, value });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
