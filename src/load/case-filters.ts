/** Which cases to keep: the suite's tag rules, then the ids and tags asked for on a command line. */
export interface CaseFilter {
  /** Keep cases with any of these tags (all when empty). */
  readonly tags: readonly string[];
  /** Drop cases with any of these tags. */
  readonly excludeTags: readonly string[];
  /** Keep cases whose id matches any of these: exact, or with `*` as a wildcard. */
  readonly caseIds?: readonly string[];
  /** Keep cases with any of these tags. */
  readonly filterTags?: readonly string[];
}

/** Reads only the id and tags: a packed case is chosen without being unpacked. */
export function keepCase(
  c: { readonly id: string; readonly tags: readonly string[] },
  filter: CaseFilter,
): boolean {
  const has = (tags: readonly string[]) => tags.some((t) => c.tags.includes(t));
  if (filter.tags.length > 0 && !has(filter.tags)) return false;
  if (has(filter.excludeTags)) return false;
  if (filter.caseIds?.length && !filter.caseIds.some((p) => idMatches(c.id, p))) return false;
  if (filter.filterTags?.length && !has(filter.filterTags)) return false;
  return true;
}

/** `refund-*` matches `refund-over-limit`; without `*` the id must match exactly. */
export function idMatches(id: string, pattern: string): boolean {
  if (!pattern.includes('*')) return id === pattern;
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`).test(id);
}

/** Sorts by id with a plain code-unit comparison, so the order is the same on every machine. */
export function byId(a: { readonly id: string }, b: { readonly id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
