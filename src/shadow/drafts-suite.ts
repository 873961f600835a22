import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { ShadowLiveConfig } from '../model/shadow-config.ts';
import type { ParsedSuite, Suite } from '../model/suite.ts';

/** The parts of a suite that decide how a case is judged, carried into the drafts suite. */
const JUDGING = [
  'timeout_ms',
  'checks',
  'gates',
  'costs',
  'contracts',
  'effects',
  'facts',
  'redact',
  'allow_read',
] as const satisfies readonly (keyof ParsedSuite)[];

/**
 * The traces suite written beside shadow's drafts (`drafts.suite.yaml` in `dir`): it reads the
 * labelled drafts in `labelled/` by the live rules shadow read the traffic with, and judges them
 * as the shadow suite judges a case — its checks, gates, effects (a refund the live side issued
 * is finished work, not a bounce), facts, contracts and the rest — so a labelled draft passes or
 * fails as it would among the project's cases. Paths the suite wrote relative to itself are
 * rewritten relative to `dir`.
 */
export function draftsSuite(suite: Suite, live: ShadowLiveConfig, dir: string): object {
  const c = suite.config;
  const judged: Record<string, unknown> = {};
  for (const key of JUDGING) {
    const value = c[key];
    if (value === undefined || isEmpty(value)) continue;
    judged[key] = value;
  }
  const moved = (p: string) => rebase(p, dirname(suite.file), dir);
  if (c.contracts && c.contracts.modules.length > 0)
    judged.contracts = { ...c.contracts, modules: c.contracts.modules.map(moved) };
  if (c.allow_read.length > 0) judged.allow_read = c.allow_read.map(moved);
  return {
    name: `${c.name}-drafts`,
    description: `Draft cases baton shadow wrote for the disagreements of ${c.name}, judged on the live traces they came from as ${c.name} judges its cases. Label a draft (its expect: block), move it from drafts/ to labelled/ and it runs.`,
    cases: { include: ['labelled/*.yaml'] },
    adapter: { type: 'traces', steps: live.steps, recognize: live.recognize, names: live.names },
    ...judged,
  };
}

function rebase(path: string, from: string, to: string): string {
  if (isAbsolute(path)) return path;
  return relative(to, resolve(from, path)).split('\\').join('/') || '.';
}

function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
