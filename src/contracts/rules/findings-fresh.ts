import * as fc from 'fast-check';
import { z } from 'zod';
import type { ContractIssue, Envelope, Rule, ValidationContext } from '../types.ts';
import { editFinding, FINDINGS_FIELD, findingsOf } from './findings-field.ts';
import { isoAt, isRecord, mutation } from './mutation.ts';
import { wholeNumber } from './options.ts';
import { describeValue, formatDuration } from './wording.ts';

const CODE = 'findings.fresh';
const ISO = z.iso.datetime({ offset: true });

export interface FreshFindingsOptions {
  /** Oldest a finding may be when handed over (default 24 h). */
  readonly maxAgeMs?: number | undefined;
  /** How far in the future a timestamp may be, for clock skew between agents (default 5 min). */
  readonly skewMs?: number | undefined;
}

interface Window {
  readonly maxAgeMs: number;
  readonly skewMs: number;
  readonly expected: string;
}

/**
 * Every finding carries an ISO 8601 timestamp `at`, no older than `maxAgeMs` at the handoff: in a
 * long chain a finding can be superseded, and only its time lets the receiver weigh it.
 */
export function freshFindings(options: FreshFindingsOptions = {}): Rule {
  const maxAgeMs = wholeNumber(CODE, 'maxAgeMs', options.maxAgeMs ?? 86_400_000, 1);
  const skewMs = wholeNumber(CODE, 'skewMs', options.skewMs ?? 300_000, 0);
  const expected = `an ISO 8601 timestamp at most ${formatDuration(maxAgeMs)} before the handoff`;
  const window: Window = { maxAgeMs, skewMs, expected };
  return {
    code: CODE,
    description: `\`findings[].at\`: ${expected}`,
    fields: { findings: FINDINGS_FIELD },
    check: (envelope, ctx) => findingsOf(envelope).flatMap((f, i) => judge(f, i, ctx.now, window)),
    satisfy: (envelope, ctx) => restamp(envelope, ctx, window),
    mutations: [
      mutation({
        name: 'findings.missing_timestamp',
        rule: CODE,
        fields: ['findings'],
        make: (valid) =>
          pickFinding(valid).map((i) => editFinding(valid, i, ({ at: _at, ...rest }) => rest)),
      }),
      mutation({
        name: 'findings.stale',
        rule: CODE,
        fields: ['findings'],
        applies: (_valid, ctx) => isoAt(ctx.now - maxAgeMs - 365 * 86_400_000) !== undefined,
        make: (valid, ctx) =>
          fc
            .tuple(pickFinding(valid), fc.integer({ min: 1000, max: 365 * 86_400_000 }))
            .map(([i, extra]) =>
              editFinding(valid, i, (f) => ({ ...f, at: isoAt(ctx.now - maxAgeMs - extra) })),
            ),
      }),
    ],
  };
}

function judge(finding: unknown, index: number, now: number, w: Window): ContractIssue[] {
  if (!isRecord(finding)) return []; // the schema reports a finding that is not an object
  const at = finding.at;
  const issue = (received: string): ContractIssue[] => [
    { rule: CODE, path: ['findings', index, 'at'], expected: w.expected, received },
  ];
  if (at === undefined) return issue('no field');
  if (typeof at !== 'string') return []; // the schema reports a timestamp of the wrong type
  const time = ISO.safeParse(at).success ? Date.parse(at) : Number.NaN;
  if (Number.isNaN(time)) return issue(describeValue(at));
  if (now - time > w.maxAgeMs) return issue(`a timestamp ${formatDuration(now - time)} old`);
  if (time - now > w.skewMs) {
    return issue(`a timestamp ${formatDuration(time - now)} after the handoff`);
  }
  return [];
}

// Generated timestamps are arbitrary: stamp the ones outside the window with the handoff's time.
function restamp(envelope: Envelope, ctx: ValidationContext, w: Window): Envelope {
  const stamp = isoAt(ctx.now);
  const items = envelope.findings;
  if (stamp === undefined || !Array.isArray(items)) return envelope;
  const findings = items.map((f, i) =>
    isRecord(f) && judge(f, i, ctx.now, w).length > 0 ? { ...f, at: stamp } : f,
  );
  return { ...envelope, findings };
}

/** An existing finding's index, or one past the end (a finding is added) when there is none. */
function pickFinding(valid: Envelope): fc.Arbitrary<number> {
  return fc.nat({ max: Math.max(0, findingsOf(valid).length - 1) });
}
