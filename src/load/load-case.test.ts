import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { loadCaseFile } from './load-case.ts';
import type { LoadResult } from './load-result.ts';

const broken = 'test/fixtures/load/cases/broken';
const good = 'test/fixtures/load/cases/good';

/** What `baton validate` prints for a file: one line per problem. */
function printed(result: LoadResult<unknown>): string[] {
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('loadCaseFile on broken files', () => {
  test('a suite file read as a case is said to be a suite, once, with how to leave it out', async () => {
    const result = await loadCaseFile('suites/example.yaml');

    expect(printed(result)).toEqual([
      "suites/example.yaml:1: this is a suite file, not a case. Fix: narrow the suite's `cases.include` to its case files (e.g. `cases/*.yaml`), or list this file in `cases.exclude`",
    ]);
  });

  test('a value of the wrong type says what was expected and received, at the value', async () => {
    const result = await loadCaseFile(`${broken}/wrong-type.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/wrong-type.yaml:9:27: steps[2].signal.confidence: expected a number from 0 to 1, received "high". Fix: change \`confidence\` to a number from 0 to 1`,
    ]);
  });

  test('an unknown key points at the key and suggests the key it was meant to be, once', async () => {
    const result = await loadCaseFile(`${broken}/unknown-key.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/unknown-key.yaml:2:1: titel: unknown key \`titel\`. Fix: did you mean \`title\`?`,
      `${broken}/unknown-key.yaml:11:3: expect.max_hop: unknown key \`max_hop\`. Fix: did you mean \`max_hops\`?`,
    ]);
  });

  test('a missing required field names the field and what to add', async () => {
    const result = await loadCaseFile(`${broken}/missing-field.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/missing-field.yaml:1:1: source: missing \`source\`: expected a non-empty string. Fix: add \`source: …\` at the top level (where the case came from: ticket, incident, synthetic)`,
    ]);
  });

  test('bad steps get one problem each, explained by the step keys', async () => {
    const result = await loadCaseFile(`${broken}/bad-step.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/bad-step.yaml:8:5: steps[0].custmer: unknown key \`custmer\`: expected one of \`customer\`, \`tool\`, \`signal\` or \`person\`. Fix: did you mean \`customer\`?`,
      `${broken}/bad-step.yaml:9:5: steps[1]: expected exactly one of \`customer\`, \`tool\`, \`signal\` or \`person\`, received \`customer\` and \`tool\` together. Fix: split it into separate steps, one of these keys each`,
      `${broken}/bad-step.yaml:11:5: steps[2]: expected a mapping with one of \`customer\`, \`tool\`, \`signal\` or \`person\`, received "Where is my parcel?". Fix: write each step as one of \`- customer: <text>\`, \`- tool: { name: <tool> }\`, \`- signal: { confidence: 0.4 }\` or \`- person: { who: <person>, decision: <decision> }\``,
      `${broken}/bad-step.yaml:12:32: steps[3].person.decison: unknown key \`decison\`. Fix: did you mean \`decision\`?`,
    ]);
  });

  test('names that are not participants are found after the schema, with suggestions', async () => {
    const result = await loadCaseFile(`${broken}/bad-participant.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/bad-participant.yaml:9:20: steps[1].person.who: "manager" is not listed in participants.persons (supervisor). Fix: add \`manager\` to \`participants.persons\`, or correct the name`,
      `${broken}/bad-participant.yaml:12:27: expect.handoffs[0].to: "refund" is not a participant (triage, refunds, supervisor). Fix: did you mean \`refunds\`?`,
      `${broken}/bad-participant.yaml:13:62: expect.handoffs[1].alternatives[0]: "billing" is not a participant (triage, refunds, supervisor). Fix: add \`billing\` to \`participants.agents\` (or \`persons\`), or correct the name`,
      `${broken}/bad-participant.yaml:15:42: expect.effects[0].owner: "refund" is not a participant (triage, refunds, supervisor). Fix: did you mean \`refunds\`?`,
    ]);
  });

  test('names and ids in the wrong form quote the expected form', async () => {
    const result = await loadCaseFile(`${broken}/bad-name.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/bad-name.yaml:1:5: id: expected a lowercase id such as \`refund-over-limit\`, received "Bad Name". Fix: change \`id\` to a lowercase id such as \`refund-over-limit\``,
      `${broken}/bad-name.yaml:5:20: participants.agents[1]: expected a name such as \`triage\` or \`refund_agent\`, received "Billing Team". Fix: change item 1 of \`participants.agents\` to a name such as \`triage\` or \`refund_agent\``,
      `${broken}/bad-name.yaml:9:13: expect.handoffs: expected \`none\` or a list of at least 1 item, received "nonee". Fix: write \`handoffs: none\`, or list them like \`- { from: triage, to: refunds, at: 1 }\``,
    ]);
  });

  test('`at` or `window` beyond the last step says which steps exist', async () => {
    const result = await loadCaseFile(`${broken}/at-beyond.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/at-beyond.yaml:13:11: expect.handoffs[0].at: step 2 does not exist: the case has steps 0 to 1. Fix: use a step from 0 to 1 (steps count from 0), or add the missing steps`,
      `${broken}/at-beyond.yaml:16:15: expect.handoffs[1].window: step 5 does not exist: the case has steps 0 to 1. Fix: use a step from 0 to 1 (steps count from 0), or add the missing steps`,
    ]);
  });

  test('`at` with `window`, neither, or a reversed window', async () => {
    const result = await loadCaseFile(`${broken}/at-and-window.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/at-and-window.yaml:12:7: expect.handoffs[0]: expected exactly one of \`at\` or \`window\`, received both. Fix: write \`at: <step>\` for a single step or \`window: [first, last]\` for a range`,
      `${broken}/at-and-window.yaml:13:7: expect.handoffs[1]: expected exactly one of \`at\` or \`window\`, received neither. Fix: write \`at: <step>\` for a single step or \`window: [first, last]\` for a range`,
      `${broken}/at-and-window.yaml:14:44: expect.handoffs[2].window: expected [first, last] with first <= last, received [2, 1]. Fix: swap the two numbers so the first step comes first`,
    ]);
  });

  test('an empty handoffs list says to write `handoffs: none`', async () => {
    const result = await loadCaseFile(`${broken}/empty-handoffs.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/empty-handoffs.yaml:9:13: expect.handoffs: expected at least one handoff, received an empty list. Fix: write \`handoffs: none\` when no handoff must happen`,
    ]);
  });

  test('a carry label in an unknown shape, or a `contains` with no word, says which forms exist', async () => {
    expect(printed(await loadCaseFile(`${broken}/bad-carry-shape.yaml`))).toEqual([
      `${broken}/bad-carry-shape.yaml:13:21: expect.handoffs[0].carry.order_id.includes: unknown key \`includes\`: expected one of \`equals\` or \`contains\`. Fix: write the value (\`order_id: A-1001\`), \`{ equals: A-1001 }\` or \`{ contains: A-1001 }\``,
      `${broken}/bad-carry-shape.yaml:14:29: expect.handoffs[0].carry.amount.contains: expected a non-empty string or a number, received an empty string. Fix: change \`contains\` to a non-empty string or a number`,
    ]);
    expect(printed(await loadCaseFile(`${broken}/bad-carry.yaml`))).toEqual([
      `${broken}/bad-carry.yaml:13:31: expect.handoffs[0].carry.order_id.contains: "#-" has no letter or digit to look for: punctuation and spacing are ignored by \`contains\`. Fix: write the identifier or phrase to look for, e.g. \`contains: A-1001\``,
    ]);
  });

  test('a YAML syntax error is one problem at the bracket left open, not a stack trace', async () => {
    const result = await loadCaseFile(`${broken}/yaml-syntax.yaml.txt`);

    expect(printed(result)).toEqual([
      `${broken}/yaml-syntax.yaml.txt:5:11: invalid YAML: flow sequence in block collection must be sufficiently indented and end with a ]. Fix: add the missing \`]\` to close this \`[\` (when it goes on over several lines, indent them further than its key)`,
    ]);
  });

  test('an empty file and a file that is a list say what the top level must be', async () => {
    const empty = await loadCaseFile(`${broken}/empty.yaml`);
    const list = await loadCaseFile(`${broken}/not-a-mapping.yaml`);

    expect([...printed(empty), ...printed(list)]).toEqual([
      `${broken}/empty.yaml:1:1: expected a mapping with \`id\`, \`title\`, \`source\`, \`participants\`, …, received an empty file. Fix: write the fields as \`key: value\` lines at the top level of the file`,
      `${broken}/not-a-mapping.yaml:1:1: expected a mapping with \`id\`, \`title\`, \`source\`, \`participants\`, …, received a list of 2 items. Fix: write the fields as \`key: value\` lines at the top level of the file`,
    ]);
  });

  test('a missing file is a problem with a fix', async () => {
    const result = await loadCaseFile(`${broken}/does-not-exist.yaml`);

    expect(printed(result)).toEqual([
      `${broken}/does-not-exist.yaml: file not found. Fix: check the path; relative paths are resolved against the current folder`,
    ]);
  });
});

describe('loadCaseFile on good files', () => {
  test('a case that names its entry says so, with the line of `entry:`; one that does not, neither', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-entry-'));
    const text = (entry: string) =>
      [
        'id: tracking-page',
        'title: A chat opened from the tracking page',
        'source: synthetic',
        'participants: { agents: [triage, shipping] }',
        entry,
        'steps: [{ customer: "Where is my order?" }]',
        'expect: { handoffs: none }',
      ].join('\n');
    writeFileSync(join(dir, 'named.yaml'), text('entry: shipping'));
    writeFileSync(join(dir, 'default.yaml'), text('tags: []'));

    const named = await loadCaseFile(join(dir, 'named.yaml'));
    const unnamed = await loadCaseFile(join(dir, 'default.yaml'));

    expect(
      named.ok && [named.value.entry, named.value.entryGiven, named.value.positions?.entry],
    ).toEqual(['shipping', true, 5]);
    expect(
      unnamed.ok && [unnamed.value.entry, unnamed.value.entryGiven, unnamed.value.positions?.entry],
    ).toEqual(['triage', undefined, undefined]);
  });

  test('steps become kinds, `at` becomes a one-step window, defaults are filled in', async () => {
    const result = await loadCaseFile(`${good}/refund-split.yaml`);

    expect(result).toEqual({
      ok: true,
      value: {
        id: 'refund-over-limit',
        title: "A refund above the agent's limit goes to refunds, then to a supervisor",
        source: 'synthetic, written for the loader tests',
        tags: ['refunds', 'policy'],
        agents: ['triage', 'refunds'],
        persons: ['supervisor'],
        entry: 'triage',
        steps: [
          { kind: 'customer', text: 'My blender arrived broken, I want a refund.' },
          { kind: 'customer', text: 'Order A-1001, it was 750 euro.' },
          { kind: 'tool', name: 'lookup_order', ok: true, result: { total: 750 } },
          { kind: 'signal', values: { confidence: 0.92, channel: 'chat' } },
          { kind: 'person', who: 'supervisor', decision: 'approve' },
        ],
        labels: {
          handoffs: [
            {
              from: 'triage',
              to: 'refunds',
              window: [2, 2],
              reason: 'capability_boundary',
              alternatives: [],
              carry: { order_id: 'A-1001' },
            },
            {
              from: 'refunds',
              to: 'supervisor',
              window: [3, 4],
              reason: 'policy_gate',
              alternatives: ['triage'],
              carry: {},
            },
          ],
          maxHops: 3,
          // Step 1 is the first whose text holds A-1001: re-asking for it after is a re-ask.
          facts: [
            {
              name: 'order_id',
              value: 'A-1001',
              step: 1,
              source: { kind: 'said', by: 'customer' },
            },
          ],
          persons: ['supervisor'],
        },
        file: `${good}/refund-split.yaml`,
        positions: {
          id: 2,
          expect: 15,
          steps: [10, 11, 12, 13, 14],
          handoffs: [
            { line: 17, carry: { order_id: 17 } },
            { line: 18, carry: {} },
          ],
          effects: [],
          maxHops: 23,
        },
      },
    });
  });

  test('carry facts keep their value and, when the label names one, their match', async () => {
    const result = await loadCaseFile(`${good}/carry-modes.yaml`);

    expect(result.ok && result.value.labels.handoffs[0]).toMatchObject({
      carry: { order_id: 'A-1001', amount: 750, customer: 'Ana' },
      carryMatch: { order_id: 'contains', amount: 'equals' },
    });
  });

  test('`handoffs: none` and a `$schema` key load as a case with no expected handoff', async () => {
    const result = await loadCaseFile(`${good}/no-handoff.yaml`);

    expect(result.ok && result.value.labels).toEqual({ handoffs: [] });
  });
});
