/**
 * A map that keeps at most `max` entries and, when full, drops its least recently used one: never the whole map,
 * which an attacker who fills it (every Host header, every user id) would otherwise empty again and again, so that
 * nothing ever hit (issue 33). A Map keeps insertion order; a hit moves its key to the end, so the first key is the
 * least recently used. Hand-written: lru-cache is only a transitive dependency here, and these few lines are all the
 * short caches need.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Stores the value as the most recently used, dropping the least recently used entries beyond max. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    while (this.#entries.size >= Math.max(1, this.max)) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
  }

  /** Answers the stored value without making it recently used (a check that must not keep an entry alive). */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
