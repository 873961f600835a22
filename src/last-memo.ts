/**
 * `make`, remembering its value for the last key alone (by identity): for what several steps
 * read of one case's timeline or span index, one after another. A WeakMap entry a case made kept
 * what it held alive through young-generation collections, which copied and promoted it: in
 * profiles of 10,000-case runs that cost more than the work the memo saved. One slot does not.
 * Pure `make` only: a key met again after another is computed again, never answered wrongly.
 */
export function lastMemo<K extends object, V>(make: (key: K) => V): (key: K) => V {
  let lastKey: K | undefined;
  let lastValue = undefined as V;
  return (key) => {
    if (key !== lastKey) {
      lastValue = make(key);
      lastKey = key;
    }
    return lastValue;
  };
}
