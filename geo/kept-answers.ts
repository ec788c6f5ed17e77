// Answers a process keeps for a while by key: the routes of decision 0181 and the places of decision
// 0198. Data they come from changes only when an operator loads it, and the same question comes back
// for each page, sort, filter and map of one search, and from many visitors.

export interface KeptAnswersOptions<V> {
  /** How long an answer is kept; 0 or less keeps nothing. */
  seconds: number;
  /** The most weight kept at once; the least recently used answers go first. */
  budget: number;
  /** An answer's weight against the budget (default 1: the budget counts answers). */
  weight?: (value: V) => number;
  /** Whether an answer is kept at all (default: every answer). Failures never are. */
  keep?: (value: V) => boolean;
  /** The clock (tests). */
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
  weight: number;
}

/** `kept(key, work)`, and whether an answer is kept (fresh, or being worked out) for a key. */
export type KeptAnswers<V> = ((key: string, work: () => Promise<V>) => Promise<V>) & { has(key: string): boolean };

/**
 * `kept(key, work)`: the answer kept for `key` while it is fresh, else `work()`'s, kept from now on.
 * Requests for a key being worked out wait for that one answer.
 */
export function keptAnswers<V>({ seconds, budget, weight = () => 1, keep = () => true, now = Date.now }: KeptAnswersOptions<V>): KeptAnswers<V> {
  if (seconds <= 0) return Object.assign((_key: string, work: () => Promise<V>) => work(), { has: () => false });
  // A Map keeps insertion order: re-inserting on each use makes its first key the least recently used.
  const entries = new Map<string, Entry<V>>();
  let total = 0;

  function remove(key: string, entry: Entry<V>) {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    total -= entry.weight;
  }

  function keepWithinBudget() {
    for (const [key, entry] of entries) {
      if (total <= budget || entries.size <= 1) return;
      remove(key, entry);
    }
  }

  const kept = (key: string, work: () => Promise<V>): Promise<V> => {
    const kept = entries.get(key);
    if (kept && kept.expires > now()) {
      entries.delete(key);
      entries.set(key, kept);
      return kept.value;
    }
    if (kept) remove(key, kept);
    const entry: Entry<V> = { value: work(), expires: now() + seconds * 1000, weight: 0 };
    entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (entries.get(key) !== entry) return;
        if (!keep(value)) return remove(key, entry);
        entry.weight = weight(value);
        total += entry.weight;
        keepWithinBudget();
      },
      () => remove(key, entry),
    );
    return entry.value;
  };
  return Object.assign(kept, {
    has: (key: string) => {
      const entry = entries.get(key);
      return entry !== undefined && entry.expires > now();
    },
  });
}
