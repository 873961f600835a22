import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ExpectedToolCall, Labels, ToolMatchMode } from '../../model/labelled-case.ts';
import type { Timeline, ToolCallEvent } from '../../model/timeline.ts';
import { describeFinding } from '../describe-finding.ts';
import { toolTrajectory } from './tool-trajectory.ts';

let counter = 0;
function call(tool: string, args?: unknown, step = 0, agent?: string): ToolCallEvent {
  counter += 1;
  return {
    kind: 'tool_call',
    step,
    at: counter,
    spanId: `t${counter}`,
    tool,
    ...(args !== undefined && { args }),
    ...(agent !== undefined && { agent }),
  };
}
const timeline = (...calls: ToolCallEvent[]): Timeline => ({ events: calls });
const labels = (match: ToolMatchMode | undefined, calls: ExpectedToolCall[]): Labels => ({
  handoffs: [],
  tools: { ...(match !== undefined && { match }), calls },
});
const run = (t: Timeline, l: Labels) => toolTrajectory.run(t, l, {});
const codes = (t: Timeline, l: Labels) => run(t, l).map((f) => f.code);

const lookup = { tool: 'lookup_order', args: { order_id: 'A-1001' } };
const refund = { tool: 'issue_refund', args: { amount: 750 } };

describe('tool-trajectory modes', () => {
  const exact = timeline(
    call('lookup_order', { order_id: 'A-1001' }),
    call('issue_refund', { amount: '750', note: 'x' }),
  );

  it('strict: the same calls in the same order; extra arguments and 750 = "750" are fine', () => {
    expect(codes(exact, labels('strict', [lookup, refund]))).toEqual([]);
  });

  it('strict: a swapped pair is one tool.order, naming the positions', () => {
    const swapped = timeline(
      call('issue_refund', { amount: 750 }, 2),
      call('lookup_order', { order_id: 'A-1001' }, 3),
    );
    const findings = run(swapped, labels('strict', [lookup, refund]));
    expect(findings.map((f) => f.code)).toEqual(['tool.order']);
    expect(describeFinding(findings[0]!)).toBe(
      'lookup_order was call 2 at step 3; expected it as call 1 (strict)',
    );
    expect(codes(swapped, labels('unordered', [lookup, refund]))).toEqual([]);
  });

  it('unordered: an extra call is tool.unexpected, a call never made tool.missing', () => {
    const t = timeline(call('lookup_order', { order_id: 'A-1001' }, 1), call('get_weather', {}, 1));
    const findings = run(t, labels('unordered', [lookup, refund]));
    expect(findings.map((f) => f.code)).toEqual(['tool.missing', 'tool.unexpected']);
    expect(findings.map(describeFinding)).toEqual([
      'expected issue_refund {"amount":750} (call 2, unordered), but it was never called',
      'get_weather {} at step 1 was not expected (unordered)',
    ]);
  });

  it('subset: calls not made are fine, a call nobody expected is not', () => {
    const t = timeline(call('lookup_order', { order_id: 'A-1001' }), call('delete_account'));
    expect(codes(t, labels('subset', [lookup, refund]))).toEqual(['tool.unexpected']);
  });

  it('superset (the default): extra calls are fine, a missing one is not', () => {
    const t = timeline(call('get_weather'), call('lookup_order', { order_id: 'A-1001' }));
    expect(codes(t, labels(undefined, [lookup, refund]))).toEqual(['tool.missing']);
    expect(toolTrajectory.run(t, labels(undefined, [lookup]), { match: 'strict' })).toHaveLength(1);
  });

  it('the right tool with the wrong argument is one tool.args, saying which argument', () => {
    const t = timeline(call('issue_refund', { amount: 75 }, 2));
    const findings = run(t, labels('superset', [refund]));
    expect(findings.map((f) => f.code)).toEqual(['tool.args']);
    expect(describeFinding(findings[0]!)).toBe(
      'issue_refund at step 2 was called with amount = 75; expected 750',
    );
    const missingArg = run(timeline(call('issue_refund', {}, 1)), labels('strict', [refund]));
    expect(describeFinding(missingArg[0]!)).toBe(
      'issue_refund at step 1 was called with amount = no value; expected 750',
    );
  });

  it('an expected agent must be the caller; `tools: none` makes any call unexpected', () => {
    const t = timeline(call('issue_refund', { amount: 750 }, 1, 'billing'));
    expect(codes(t, labels('unordered', [{ ...refund, agent: 'refunds' }]))).toEqual([
      'tool.missing',
      'tool.unexpected',
    ]);
    expect(codes(t, labels('strict', []))).toEqual(['tool.unexpected']);
  });

  it('pairs each expected call with the observed call only it can explain', () => {
    // A greedy scan would give the bare `lookup_order` the A-1001 call and miss the second.
    const t = timeline(
      call('lookup_order', { order_id: 'A-1001' }),
      call('lookup_order', { order_id: 'B-2' }),
    );
    const l = labels('unordered', [{ tool: 'lookup_order' }, lookup]);
    expect(codes(t, l)).toEqual([]);
  });

  it('counts opportunities by what the mode judges; a case without expect.tools has none', () => {
    const t = timeline(call('a'), call('b'), call('c'));
    expect(toolTrajectory.opportunities(t, labels('subset', [lookup, { tool: 'x' }]), {})).toEqual({
      'tool.missing': 0,
      'tool.unexpected': 3,
      'tool.order': 0,
      'tool.args': 1,
    });
    expect(toolTrajectory.opportunities(t, { handoffs: [] }, {})).toEqual({});
    expect(toolTrajectory.run(t, { handoffs: [] }, {})).toEqual([]);
  });
});

// Properties: a small alphabet of tools and argument values, so that collisions are common.
const argsArb = fc.option(fc.record({ id: fc.constantFrom(1, 2) }, { requiredKeys: [] }), {
  nil: undefined,
});
const expectedArb = fc.array(
  fc
    .record({ tool: fc.constantFrom('a', 'b', 'c'), args: argsArb })
    .map((c) => (c.args === undefined ? { tool: c.tool } : { tool: c.tool, args: c.args })),
  { maxLength: 5 },
);
const observedArb = fc.array(
  fc.record({ tool: fc.constantFrom('a', 'b', 'c', 'd'), id: fc.constantFrom(1, 2, 3) }),
  { maxLength: 6 },
);
const toTimeline = (calls: readonly { tool: string; id: number }[]) =>
  timeline(...calls.map((c, i) => call(c.tool, { id: c.id }, i)));
const passes = (t: Timeline, e: ExpectedToolCall[], mode: ToolMatchMode) =>
  run(t, labels(mode, e)).length === 0;

describe('tool-trajectory properties', () => {
  test.prop([expectedArb, observedArb])(
    'strict ⇒ unordered ⇒ subset and superset; unordered ⇔ subset ∧ superset',
    (expected, observed) => {
      const t = toTimeline(observed);
      const [strict, unordered, subset, superset] = (
        ['strict', 'unordered', 'subset', 'superset'] as const
      ).map((m) => passes(t, expected, m));
      if (strict) expect(unordered).toBe(true);
      if (unordered) expect(subset && superset).toBe(true);
      expect(unordered).toBe(subset && superset);
    },
  );

  test.prop([
    observedArb.chain((o) =>
      fc.tuple(
        fc.constant(o),
        fc.shuffledSubarray(o, { minLength: o.length, maxLength: o.length }),
      ),
    ),
  ])(
    'a permutation of the calls a case expects never fails unordered; the exact order passes strict',
    ([observed, permuted]) => {
      const expected = observed.map((c) => ({ tool: c.tool, args: { id: c.id } }));
      expect(passes(toTimeline(permuted), expected, 'unordered')).toBe(true);
      expect(passes(toTimeline(observed), expected, 'strict')).toBe(true);
    },
  );

  test.prop([expectedArb, observedArb, fc.constantFrom('a', 'b', 'z'), fc.nat()])(
    'an extra call never fails superset; dropping a call never fails subset',
    (expected, observed, tool, at) => {
      const t = toTimeline(observed);
      const extra: { tool: string; id: number }[] = [...observed];
      extra.splice(at % (observed.length + 1), 0, { tool, id: 9 });
      if (passes(t, expected, 'superset'))
        expect(passes(toTimeline(extra), expected, 'superset')).toBe(true);
      if (observed.length > 0 && passes(t, expected, 'subset')) {
        const fewer = observed.filter((_, i) => i !== at % observed.length);
        expect(passes(toTimeline(fewer), expected, 'subset')).toBe(true);
      }
    },
  );

  test.prop([
    expectedArb,
    observedArb,
    fc.constantFrom<ToolMatchMode>('strict', 'unordered', 'subset', 'superset'),
  ])(
    'every expected call is accounted for once: paired, missing or args (never two findings)',
    (expected, observed, mode) => {
      const findings = run(toTimeline(observed), labels(mode, expected));
      const positions = findings.flatMap((f) =>
        f.code === 'tool.unexpected' ? [] : [(f.expected as { position: number }).position],
      );
      expect(new Set(positions).size).toBe(positions.length);
      const observedPositions = findings.flatMap((f) =>
        f.code === 'tool.missing' ? [] : [(f.observed as { position: number }).position],
      );
      expect(new Set(observedPositions).size).toBe(observedPositions.length);
    },
  );
});
