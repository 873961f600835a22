import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../../capture/capture.ts';
import { expect_ } from '../../checks/timeline-fixtures.ts';
import type { ExpectedHandoff } from '../../model/labelled-case.ts';
import { judgeOneCase } from '../test-support.ts';
import type { SupervisorScripts } from './fixtures/supervisor-app.ts';
import { createLangGraphAdapter } from './langgraph-adapter.ts';

const SUITE = join(resolve('src/adapters/langgraph/fixtures'), 'suite.yaml');
const capture = createCapture();

const to = (worker: string) => ({ toolCalls: [{ name: `transfer_to_${worker}` }] });

async function run(scripts: SupervisorScripts[string], handoffs: ExpectedHandoff[]) {
  const adapter = createLangGraphAdapter(
    { path: './supervisor-app.ts', options: { scripts: { build: scripts } } },
    SUITE,
  );
  const result = await judgeOneCase(
    adapter,
    {
      id: 'build',
      title: 'The supervisor has a plan made, then the code written',
      source: 'unit test',
      tags: [],
      agents: ['supervisor', 'planner', 'coder'],
      persons: [],
      entry: 'supervisor',
      steps: [{ kind: 'customer', text: 'Add a CSV export to the report page.' }],
      labels: { handoffs },
    },
    capture,
  );
  const handoffsSeen = (result.timeline ?? []).flatMap((e) =>
    e.kind === 'handoff' ? [`${e.from}>${e.to}${e.autoReturn ? ' (auto)' : ''}`] : [],
  );
  const failed = result.findings.filter((f) => f.outcome !== 'pass').map((f) => f.code);
  return { result, handoffsSeen, failed };
}

const routed = [expect_('supervisor', 'planner', 0), expect_('supervisor', 'coder', 0)];

describe('createLangGraphAdapter on a createSupervisor graph', () => {
  it('reads each worker’s automatic return as the answer coming back: the run passes unlabelled', async () => {
    const { result, handoffsSeen, failed } = await run(
      { supervisor: [to('planner'), to('coder'), 'Done.'], planner: ['Plan.'], coder: ['Code.'] },
      routed,
    );

    expect(handoffsSeen).toEqual([
      'supervisor>planner',
      'planner>supervisor (auto)',
      'supervisor>coder',
      'coder>supervisor (auto)',
    ]);
    expect(failed).toEqual([]);
    expect(result.status).toBe('pass');
  });

  it('still judges a labelled return, as suites that label them expect', async () => {
    const labelled = [
      expect_('supervisor', 'planner', 0),
      expect_('planner', 'supervisor', 0, { reason: 'hand_back' }),
    ];

    const { result } = await run(
      { supervisor: [to('planner'), 'Done.'], planner: ['Plan.'] },
      labelled,
    );

    expect(result.findings.map((f) => `${f.code}:${f.outcome}`)).toContain('handoff.on_time:pass');
    expect(result.status).toBe('pass');
  });

  it('reports the supervisor sending the same work to a worker again after it came back', async () => {
    const { handoffsSeen, failed } = await run(
      {
        supervisor: [to('coder'), to('coder'), 'Done.'],
        coder: ['Code.', 'Code again.'],
      },
      [expect_('supervisor', 'coder', 0)],
    );

    expect(handoffsSeen).toEqual([
      'supervisor>coder',
      'coder>supervisor (auto)',
      'supervisor>coder',
      'coder>supervisor (auto)',
    ]);
    expect(failed).toEqual(['handoff.bounced']);
  });
});
