import { describe, expect, it } from 'vitest';
import { parseCaseText } from '../../load/load-case.ts';

const head = 'id: c\ntitle: t\nsource: incident 1\nparticipants: { agents: [a, b] }\n';

describe('trace cases', () => {
  it('load without steps; labels may then name any step (the adapter checks them)', () => {
    const loaded = parseCaseText(
      `${head}trace: { trace_id: 0123456789ABCDEF0123456789ABCDEF, file: t.jsonl }\nexpect:\n  handoffs: [{ from: a, to: b, at: 7 }]\n`,
      'cases/c.yaml',
    );

    expect(loaded.ok && loaded.value).toMatchObject({
      steps: [],
      trace: { traceId: '0123456789abcdef0123456789abcdef', file: 't.jsonl' },
      labels: { handoffs: [{ window: [7, 7] }] },
    });
  });

  it('still check `at` against written steps when a trace case lists them', () => {
    const loaded = parseCaseText(
      `${head}trace: { conversation_id: x }\nsteps: [{ customer: hi }]\nexpect:\n  handoffs: [{ from: a, to: b, at: 1 }]\n`,
      'cases/c.yaml',
    );

    expect(loaded.ok ? [] : loaded.problems.map((p) => p.message)).toEqual([
      'step 1 does not exist: the case has steps 0 to 0',
    ]);
  });

  it('need steps or a trace, with a clear problem', () => {
    const loaded = parseCaseText(`${head}expect: { handoffs: none }\n`, 'cases/c.yaml');

    expect(loaded.ok ? [] : loaded.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'steps: a case needs `steps:`, or `trace:` to derive its steps from a recorded trace, received nothing',
    ]);
  });
});
