import { describe, expect, it } from 'vitest';
import type { Adapter } from '../adapters/adapter.ts';
import { createCapture } from '../capture/capture.ts';
import type { Case } from '../model/labelled-case.ts';
import { SuiteInput } from '../model/suite.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { runSuite } from './run-suite.ts';

const capture = createCapture();

function refundCase(id: string, agent: string): Case {
  return {
    id,
    title: id,
    source: 'unit test',
    tags: [agent],
    agents: ['triage', 'refunds'],
    persons: [],
    entry: 'triage',
    steps: [{ kind: 'customer', text: 'Refund A-1.' }],
    labels: { handoffs: [], effects: [{ effect: 'refund', key: 'A-1', times: 1 }] },
  };
}

/**
 * An adapter that, like the HTTP adapter with a service exporting OTLP, returns the service's
 * spans: the agent named in the case's tag calls `tool` (GenAI shape) inside step 0.
 */
function serviceAdapter(tool: string, extra: Partial<Adapter> = {}): Adapter {
  return {
    name: 'service',
    ...extra,
    async runCase(testCase, ctx) {
      await ctx.step(0, () => undefined);
      const agent = testCase.tags[0] ?? '?';
      const at = Date.now();
      const spans: SpanRecord[] = [
        {
          traceId: 's',
          spanId: 'agent',
          name: `invoke_agent ${agent}`,
          start: at,
          end: at + 5,
          attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': agent },
        },
        {
          traceId: 's',
          spanId: 'tool',
          parentId: 'agent',
          name: `execute_tool ${tool}`,
          start: at + 1,
          end: at + 2,
          attributes: {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': tool,
            'gen_ai.tool.call.arguments': '{"order_id":"A-1"}',
          },
        },
      ];
      return { spans };
    },
  };
}

function suite(effects?: unknown) {
  return SuiteInput.parse({
    name: 'unit',
    cases: { include: ['*.yaml'] },
    adapter: { type: 'module', path: './unused.ts' },
    ...(effects !== undefined && { effects }),
  });
}

const failing = (report: Awaited<ReturnType<typeof runSuite>>) =>
  report.cases.flatMap((c) =>
    c.findings.filter((f) => f.outcome === 'fail').map((f) => `${c.id} ${f.code}`),
  );

describe('effects.tools through the runner', () => {
  it("judges tool calls in an adapter's returned spans as effects: owner and count", async () => {
    const config = suite({ tools: [{ tool: 'issue_refund', effect: 'refund', owner: 'refunds' }] });
    const cases = [refundCase('by-owner', 'refunds'), refundCase('by-triage', 'triage')];

    const report = await runSuite({
      suite: { name: 'unit', file: 'unit.yaml', config },
      cases,
      adapter: serviceAdapter('issue_refund'),
      capture,
    });

    expect(failing(report)).toEqual(['by-triage effect.unowned']);
  });

  it("judges an adapter's own tool-effect rules (the older adapter option) after the suite's", async () => {
    const adapter = serviceAdapter('refund_tool', {
      toolEffects: [{ tool: 'refund_tool', effect: 'refund' }],
    });

    const report = await runSuite({
      suite: { name: 'unit', file: 'unit.yaml', config: suite() },
      cases: [refundCase('legacy', 'refunds')],
      adapter,
      capture,
    });

    expect(report.metrics.byCode['effect.missing']).toMatchObject({ count: 0, of: 1 });
    expect(failing(report)).toEqual([]);
  });

  it('without a rule a tool call is no effect: the labelled refund is missing', async () => {
    const report = await runSuite({
      suite: { name: 'unit', file: 'unit.yaml', config: suite() },
      cases: [refundCase('no-rule', 'refunds')],
      adapter: serviceAdapter('issue_refund'),
      capture,
    });

    expect(failing(report)).toEqual(['no-rule effect.missing']);
    expect(report.warnings?.map((w) => [w.code, w.message])).toEqual([
      [
        'effects.undeclared',
        'no rule of the suite produces effect refund, and no case that labels it had one: it must come from the implementation’s own spans (emitEffect)',
      ],
    ]);
  });

  it('warns about a rule whose tool no case called, naming the like tool that was', async () => {
    const config = suite({ tools: [{ tool: 'issue_refnd', effect: 'refund' }] });

    const report = await runSuite({
      suite: { name: 'unit', file: 'unit.yaml', config, lineOf: () => 5 },
      cases: [refundCase('typo', 'refunds')],
      adapter: serviceAdapter('issue_refund'),
      capture,
    });

    expect(failing(report)).toEqual(['typo effect.missing']);
    expect(report.warnings).toEqual([
      {
        code: 'effects.unmatched',
        severity: 'warning',
        file: 'unit.yaml',
        line: 5,
        message:
          'rule effects.tools[0] (tool issue_refnd) matched no tool call in the one case judged, while issue_refund was called',
        fix: 'did you mean issue_refund?',
      },
    ]);
  });
});
