import { sep } from 'node:path';
import { under } from './under.ts';
import type { WatchTargets } from './watch-targets.ts';

/** What a batch of changed files asks for. */
export type Rerun =
  | { readonly kind: 'none' }
  /** The suite file or the implementation changed: every selected case runs again. */
  | { readonly kind: 'suite'; readonly because: string }
  /** Only these cases' files changed. */
  | { readonly kind: 'cases'; readonly ids: readonly string[]; readonly because: string }
  /** Changed case files that do not load: their problems are printed instead of a run. */
  | { readonly kind: 'broken'; readonly files: readonly string[] };

const NEVER = [`${sep}node_modules${sep}`, `${sep}.git${sep}`];

/**
 * Decides what to re-run for a batch of changed absolute paths, from the targets scanned after
 * the change (so a new or renamed case file is known). Report folders and dependencies never
 * re-run anything, so the reports a run writes cannot set off another run.
 */
export function planRerun(changed: readonly string[], t: WatchTargets): Rerun {
  const relevant = changed.filter(
    (p) => !t.ignored.some((d) => under(p, d)) && !NEVER.some((n) => p.includes(n)),
  );
  const suite = relevant.find((p) => p === t.suiteFile);
  if (suite) return { kind: 'suite', because: suite };
  const impl = relevant.find((p) =>
    t.implementation.some((i) => (i.folder ? under(p, i.path) : p === i.path)),
  );
  // A case file inside the implementation folder is still only that case.
  if (impl && !t.cases.has(impl) && !t.broken.has(impl)) return { kind: 'suite', because: impl };
  const ids = [...new Set(relevant.flatMap((p) => t.cases.get(p) ?? []))].sort();
  if (ids.length > 0) {
    const because = relevant.filter((p) => t.cases.has(p)).join(', ');
    return { kind: 'cases', ids, because };
  }
  const broken = relevant.filter((p) => t.broken.has(p));
  return broken.length > 0 ? { kind: 'broken', files: broken } : { kind: 'none' };
}

/** The folders to watch for a set of targets: each case file's, the suite's, the implementation. */
export function foldersToWatch(t: WatchTargets): { path: string; recursive: boolean }[] {
  const recursive = t.implementation.filter((i) => i.folder).map((i) => i.path);
  const parent = (p: string) => p.slice(0, Math.max(p.lastIndexOf(sep), 1));
  const flat = new Set([
    parent(t.suiteFile),
    ...[...t.cases.keys(), ...t.broken.keys()].map(parent),
    ...t.implementation.filter((i) => !i.folder).map((i) => parent(i.path)),
  ]);
  const out = recursive.map((path) => ({ path, recursive: true }));
  for (const path of flat) {
    if (!recursive.some((r) => under(path, r))) out.push({ path, recursive: false });
  }
  return out;
}
