import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Contract } from '../contracts/types.ts';
import { contractAgentWarnings, participantNames } from './contract-agents.ts';

function contract(from: string, to: string, name = `${from}→${to}`): Contract {
  return { name, from, to, schema: z.object({}), rules: [] };
}

const names = new Set(['triage', 'refunds', 'billing', 'supervisor']);

describe('contractAgentWarnings', () => {
  it('warns for a misspelt receiver, at its line, naming the agent a case does list', () => {
    const warnings = contractAgentWarnings(
      [{ contract: contract('triage', 'refnuds'), file: 'suite.yaml', lines: { to: 14 } }],
      names,
      false,
    );

    expect(warnings).toEqual([
      {
        code: 'contracts.unknown_agent',
        severity: 'warning',
        file: 'suite.yaml',
        line: 14,
        message:
          'contract triage → refnuds names the receiver refnuds, which no case lists among its participants, while refunds is: no handoff reaches this edge, so its envelopes are never checked',
        fix: 'did you mean refunds? If the contract is for an agent these cases never reach, ignore this',
      },
    ]);
  });

  it('names a module contract by its name and checks its sender too; an error under --strict', () => {
    const [w] = contractAgentWarnings(
      [{ contract: contract('Triage', 'refunds', 'toRefunds'), file: 'contracts.ts' }],
      names,
      true,
    );

    expect(w?.severity).toBe('error');
    expect(w?.message).toMatch(/^contract toRefunds \(Triage → refunds\) names the sender Triage,/);
    expect(w?.line).toBeUndefined();
  });

  it('leaves alone a name with nothing close to it, any sender (`*`), and a run without cases', () => {
    const far = { contract: contract('triage', 'warehouse'), file: 's.yaml' };
    const any = { contract: contract('*', 'refunds'), file: 's.yaml' };

    expect(contractAgentWarnings([far, any], names, false)).toEqual([]);
    expect(contractAgentWarnings([far], new Set(), false)).toEqual([]);
  });

  it('never warns about a contract whose agents the cases list (property)', () => {
    const agent = fc.stringMatching(/^[a-z_]{1,12}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(agent, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        (listed, i, j) => {
          const from = listed[i % listed.length] as string;
          const to = listed[j % listed.length] as string;
          const c = { contract: contract(from, to), file: 's.yaml' };
          expect(contractAgentWarnings([c], new Set(listed), false)).toEqual([]);
        },
      ),
    );
  });

  it('warns exactly when an unlisted name is one edit from a listed one (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{4,12}$/), fc.nat(), (agent, at) => {
        // One letter dropped: a typo closestMatch finds for names of four letters or more.
        const i = at % agent.length;
        const typo = agent.slice(0, i) + agent.slice(i + 1);
        fc.pre(typo !== agent);
        const c = { contract: contract('*', typo), file: 's.yaml' };
        const warnings = contractAgentWarnings([c], new Set([agent]), false);
        expect(warnings.map((w) => w.fix?.split('?')[0])).toEqual([`did you mean ${agent}`]);
      }),
    );
  });
});

describe('participantNames', () => {
  it('is every agent and person the cases list, once', () => {
    const cases = [
      { agents: ['triage', 'refunds'], persons: ['supervisor'] },
      { agents: ['refunds'], persons: [] },
    ];

    expect([...participantNames(cases)].sort()).toEqual(['refunds', 'supervisor', 'triage']);
  });
});
