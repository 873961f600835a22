import { closestMatch } from '../load/suggest.ts';
import type { Case } from '../model/labelled-case.ts';
import type { MatchCount } from '../model/report.ts';
import type { RequestEvent, TimelineEvent } from '../model/timeline.ts';
import type { EffectRules } from './effect-rules.ts';

/** What one case's timeline showed of tools, effects and requests that no endpoint answered. */
interface Seen {
  readonly calls: Map<string, number>;
  readonly effects: Map<string, number>;
  readonly httpEffects: Map<string, number>;
  readonly unanswered: RequestEvent[];
}

const NONE: readonly MatchCount[] = Object.freeze([]);

/**
 * What each effect rule of the suite matched in one case (the tool calls a `tools` rule made
 * effects, the requests an endpoint answered), and for each effect the case labels that no rule
 * names, the effects of that name the case showed. A count of 0 carries the like name the case
 * showed, if any: the tool a misspelt rule meant, a request that missed its endpoint.
 */
export function effectMatches(
  events: readonly TimelineEvent[],
  testCase: Case,
  rules: EffectRules,
): readonly MatchCount[] {
  const labels = unnamedLabels(testCase, rules.names);
  if (rules.tools.length === 0 && rules.endpoints.length === 0 && labels.length === 0) return NONE;
  const seen = scan(events);
  return [
    ...toolCounts(rules, seen),
    ...endpointCounts(rules, seen),
    ...labelCounts(labels, rules, seen, testCase.file),
  ];
}

function scan(events: readonly TimelineEvent[]): Seen {
  const seen: Seen = {
    calls: new Map(),
    effects: new Map(),
    httpEffects: new Map(),
    unanswered: [],
  };
  const add = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);
  for (const e of events) {
    if (e.kind === 'tool_call') add(seen.calls, e.tool);
    else if (e.kind === 'effect') {
      add(seen.effects, e.effect);
      if (e.via === 'http') add(seen.httpEffects, e.effect);
      // An effect endpoint's host answers 404 to a request no endpoint matched (never 4xx else).
    } else if (e.kind === 'request' && e.status === 404 && !e.refused) seen.unanswered.push(e);
  }
  return seen;
}

/** The first rule naming a tool makes its calls effects (as `withToolEffects` does). */
function toolCounts(rules: EffectRules, seen: Seen): MatchCount[] {
  const named = new Set(rules.tools.map((t) => t.tool));
  const others = [...seen.calls.keys()].filter((tool) => !named.has(tool));
  const first = new Set<string>();
  return rules.tools.map(({ tool, path }) => {
    const spans = first.has(tool) ? 0 : (seen.calls.get(tool) ?? 0);
    first.add(tool);
    const near = spans === 0 ? closestMatch(tool, others) : undefined;
    return { source: 'tool', name: tool, path, spans, ...(near !== undefined && { near }) };
  });
}

/** Endpoints are counted by name: two endpoints of one name share their count. */
function endpointCounts(rules: EffectRules, seen: Seen): MatchCount[] {
  return rules.endpoints.map(({ name, url, path }) => {
    const spans = seen.httpEffects.get(name) ?? 0;
    const host = literalHost(url);
    const miss = spans === 0 ? seen.unanswered.find((r) => r.host === host) : undefined;
    const near = miss && `${miss.method} ${miss.url}`;
    return { source: 'endpoint', name, path, spans, ...(near !== undefined && { near }) };
  });
}

/** The host name of an msw URL pattern; undefined when the host itself is a pattern. */
function literalHost(url: string): string | undefined {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(url)?.[1];
  if (host === undefined || /\*|:[a-z_]/i.test(host)) return undefined;
  return host.replace(/:\d+$/, '').toLowerCase();
}

interface UnnamedLabel {
  readonly effect: string;
  readonly line: number | undefined;
  /** Every label of it says it must not happen (`times: 0`): seeing none is right. */
  readonly forbidden: boolean;
}

/** The case's effect labels whose effect no rule names, each name once, at its first label. */
function unnamedLabels(testCase: Case, names: ReadonlySet<string>): UnnamedLabel[] {
  const effects = testCase.labels.effects;
  if (effects === undefined || effects.length === 0) return [];
  const out: UnnamedLabel[] = [];
  effects.forEach((label, i) => {
    if (names.has(label.effect)) return;
    const k = out.findIndex((o) => o.effect === label.effect);
    const forbidden = label.times === 0;
    if (k < 0) out.push({ effect: label.effect, line: testCase.positions?.effects[i], forbidden });
    else if (!forbidden) out[k] = { ...(out[k] as UnnamedLabel), forbidden: false };
  });
  return out;
}

function labelCounts(
  labels: readonly UnnamedLabel[],
  rules: EffectRules,
  seen: Seen,
  file: string | undefined,
): MatchCount[] {
  if (labels.length === 0) return [];
  const known = [...rules.names, ...seen.effects.keys()];
  return labels.flatMap(({ effect, line, forbidden }): MatchCount[] => {
    const spans = seen.effects.get(effect) ?? 0;
    const near = spans === 0 ? closestMatch(effect, known) : undefined;
    // An effect that must not happen did not: only a like name says the label is misspelt.
    if (forbidden && spans === 0 && near === undefined) return [];
    return [
      {
        source: 'label',
        name: effect,
        spans,
        ...(file !== undefined && { file }),
        ...(line !== undefined && { line }),
        ...(near !== undefined && { near }),
      },
    ];
  });
}
