import { getHandoff } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { suiteCases } from '../suite-cases.ts';
import { entryMismatch } from './entry-check.ts';
import { testDesk } from './fixtures/apps/desk.ts';
import { deskCase } from './fixtures/run-in-scope.ts';
import { mappingRules } from './options.ts';

const step = [{ kind: 'customer', text: 'Refund A-1.' }] as const;
/** Cases entering at `entries`, naming `agents` as their participants. */
function cases(entries: string[], agents = ['triage', 'refunds']) {
  const made = entries.map((entry, i) => ({ ...deskCase(`case-${i}`, step, entry), agents }));
  return suiteCases(made)!;
}

function check(
  options: Record<string, unknown>,
  entries: string[],
  agents?: string[],
  lineOf = () => 7,
) {
  return entryMismatch({
    start: testDesk().triage,
    getHandoff,
    rules: mappingRules(options, 'suite.yaml'),
    cases: cases(entries, agents),
    given: './desk-app.ts',
    suiteFile: 'suite.yaml',
    lineOf,
  });
}

describe('entryMismatch', () => {
  it('finds nothing when every case enters at an agent of the graph', () => {
    const names = { agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' } };

    expect(check(names, ['triage', 'refunds', 'triage'])).toBeUndefined();
  });

  it('says once which cases enter where no agent is, with the suite line and a fix', () => {
    const error = check({}, ['triage', 'triage', 'triage', 'triage']);

    expect(error?.code).toBe('adapter.options');
    expect(error?.message).toBe(
      'Failed to start the agents app ./desk-app.ts: the cases enter at triage (4 cases: case-0, case-1, case-2, …), but its agents are Triage Agent, Refund Agent.',
    );
    expect(error?.problems).toEqual([
      {
        file: 'suite.yaml',
        line: 7,
        path: 'adapter.options',
        message: 'no agent of ./desk-app.ts is named triage',
        // "Triage Agent" is not "triage" spelled otherwise: no mapping to offer.
        fix: 'name the agents as the cases do, or map each SDK agent name to the participant the cases use: agent_names: { "<SDK name>": <participant> } under adapter.options',
      },
    ]);
  });

  it('offers the whole mapping when every SDK name is a participant spelled otherwise', () => {
    const error = check(
      { agent_names: { 'Refund Agent': 'refunds' } },
      ['triage_agent'],
      ['triage_agent', 'refund_agent'],
    );

    expect(error?.problems[0]).toMatchObject({
      path: 'adapter.options.agent_names',
      fix: 'map the SDK agent names to the participants the cases use: agent_names: { "Triage Agent": triage_agent, "Refund Agent": refund_agent } under adapter.options',
    });
  });

  it('leaves a case whose entry names no agent to error alone when other cases fit', () => {
    const names = { agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' } };

    expect(check(names, ['triage', 'triaje', 'refunds'])).toBeUndefined();
  });
});
