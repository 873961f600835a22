import { ABSURD_NUMBERS, aliasBomb, deepYaml, HOSTILE_TEXT, mutateYaml } from './mutate.ts';
import type { Rng } from './rng.ts';

/** One file of the corpus: bytes, or a thing that is not a regular file. */
export type Entry =
  | { readonly kind: 'bytes'; readonly name: string; readonly bytes: Buffer }
  | { readonly kind: 'folder' | 'fifo'; readonly name: string }
  | { readonly kind: 'link'; readonly name: string; readonly target: string };

const AGENTS = ['triage', 'refunds', 'billing'];

/** A valid case, sometimes with hostile text in its title and messages. */
export function validCase(rng: Rng, id: string, hostile = false): string {
  const text = () => (hostile ? rng.pick(HOSTILE_TEXT) : rng.word(4, 12));
  const steps = Array.from(
    { length: rng.int(1, 4) },
    () => `  - customer: ${JSON.stringify(text())}`,
  );
  const handoff = rng.chance(0.5)
    ? 'handoffs: none'
    : `handoffs:\n    - { from: triage, to: ${rng.pick(AGENTS.slice(1))}, at: ${rng.int(0, steps.length - 1)} }`;
  return [
    `id: ${id}`,
    `title: ${JSON.stringify(`title ${text()}`)}`,
    'source: fuzz',
    `participants: { agents: [${AGENTS.join(', ')}] }`,
    'steps:',
    ...steps,
    'expect:',
    `  ${handoff}`,
    '',
  ].join('\n');
}

/** A case labelling a recorded trace (for the traces suites). */
export function traceCase(rng: Rng, id: string, traceId: string): string {
  return [
    `id: ${id}`,
    `title: trace ${id}`,
    'source: fuzz',
    `participants: { agents: [${AGENTS.join(', ')}] }`,
    `trace: { trace_id: ${rng.chance(0.1) ? rng.hex(16) : traceId}, steps: root_children }`,
    rng.chance(0.5)
      ? 'expect: { handoffs: none }'
      : 'expect:\n  handoffs:\n    - { from: triage, to: refunds, at: 0 }',
    '',
  ].join('\n');
}

type Make = (rng: Rng, id: string) => string | Buffer;

const KINDS: readonly Make[] = [
  (r, id) => validCase(r, id),
  (r, id) => validCase(r, id, true),
  (r, id) =>
    `${validCase(r, id)}extra:\n  result:\n${indent(deepYaml(r.int(65, 400), false), 4)}\n`,
  (r, id) => `${validCase(r, id)}x: ${deepYaml(r.int(65, 20_000), true)}\n`,
  (r, id) => `${aliasBomb(r.int(5, 12))}\n${validCase(r, id)}`,
  (_, id) => `id: ${id}\nsteps: &s\n  - tool: { name: t, result: *s }\n`,
  (r, id) =>
    validCase(r, id)
      .replace(/at: \d+/, `at: ${r.pick(ABSURD_NUMBERS)}`)
      .replace('source: fuzz', `source: fuzz\nmax_hops: ${r.pick(ABSURD_NUMBERS)}`),
  (r, id) => mutateYaml(validCase(r, id), r),
  (r, id) => mutateYaml(validCase(r, id), r),
  (r, id) => mutateYaml(validCase(r, id), r),
  (r) => r.pick(['', '# only a comment\n', '---\n', 'null\n', '[]\n', '"just a string"\n', '~\n']),
  (r, id) => validCase(r, id).replace('source: fuzz', `source: fuzz\nsource: again`),
  (r, id) =>
    validCase(r, id).replace(
      /customer: .*/,
      `customer: ${JSON.stringify('x'.repeat(r.int(10_000, 100_000)))}`,
    ),
  (r, id) =>
    `id: ${id}\n${Array.from({ length: r.int(100, 600) }, (_, i) => `k${i}: ${i}`).join('\n')}\n`,
  (r, id) =>
    validCase(r, id).replace(
      'steps:',
      `steps: ${r.pick(['"x"', '42', '{}', '[[]]', 'null'])}\nold_steps:`,
    ),
  (r) => r.bytes(r.int(1, 8192)),
];

/** `count` case files: mostly broken on purpose, in every way the kinds above break them. */
export function caseEntries(rng: Rng, count: number): Entry[] {
  const out: Entry[] = [
    { kind: 'folder', name: 'a-folder.yaml' },
    { kind: 'fifo', name: 'a-fifo.yaml' },
    { kind: 'link', name: 'passwd-link.yaml', target: '/etc/passwd' },
    { kind: 'link', name: 'loop-link.yaml', target: 'loop-link.yaml' },
  ];
  for (let i = out.length; i < count; i++) {
    const id = `c${i}`;
    const made = rng.pick(KINDS)(rng, id);
    out.push({
      kind: 'bytes',
      name: `${id}.yaml`,
      bytes: Buffer.isBuffer(made) ? made : Buffer.from(made),
    });
  }
  return out;
}

function indent(text: string, by: number): string {
  return text
    .split('\n')
    .map((l) => ' '.repeat(by) + l)
    .join('\n');
}
