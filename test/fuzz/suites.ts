import type { Entry } from './cases.ts';
import { ABSURD_NUMBERS, deepYaml, HOSTILE_TEXT, mutateYaml } from './mutate.ts';
import type { Rng } from './rng.ts';

/** What a suite may point at in the corpus. */
export interface Targets {
  readonly caseFiles: readonly string[];
  readonly traceCases: readonly string[];
  readonly traceFiles: readonly string[];
}

const CATASTROPHIC = [
  '/^(a+)+$/',
  '/(a|aa)+$/',
  '/^(a|a?)+$/',
  '/(.*a){12}/',
  '/(a)\\1/',
  '/(?<=a)b/',
  '/[/',
];

function moduleSuite(rng: Rng, name: string, t: Targets, extra: string[] = []): string {
  const cases = Array.from({ length: rng.int(1, 4) }, () => `../cases/${rng.pick(t.caseFiles)}`);
  return [
    `name: ${JSON.stringify(name)}`,
    `cases: { include: ${JSON.stringify(cases)} }`,
    'adapter: { type: module, path: ../impl.ts }',
    'timeout_ms: 3000',
    ...extra,
    '',
  ].join('\n');
}

function tracesSuite(rng: Rng, name: string, t: Targets): string {
  const files = Array.from({ length: rng.int(1, 3) }, () => `../traces/${rng.pick(t.traceFiles)}`);
  const cases = Array.from({ length: rng.int(1, 3) }, () => `../tcases/${rng.pick(t.traceCases)}`);
  const rules = rng.chance(0.6)
    ? [
        '  recognize:',
        `    - { name: ${JSON.stringify(rng.pick(CATASTROPHIC))}, handoff: { to: "attr:baton.handoff.to", from: "attr:baton.handoff.from" } }`,
      ]
    : [];
  return [
    `name: ${JSON.stringify(name)}`,
    `cases: { include: ${JSON.stringify(cases)} }`,
    'adapter:',
    '  type: traces',
    `  files: ${JSON.stringify(files)}`,
    '  steps: root_children',
    ...rules,
    'timeout_ms: 5000',
    '',
  ].join('\n');
}

type Make = (rng: Rng, name: string, t: Targets) => string | Buffer;

const KINDS: readonly Make[] = [
  (r, n, t) => moduleSuite(r, n, t),
  (r, n, t) => moduleSuite(r, n, t),
  (r, n, t) => tracesSuite(r, n, t),
  (r, n, t) => tracesSuite(r, n, t),
  (r, n, t) => tracesSuite(r, n, t),
  (r, n, t) =>
    moduleSuite(r, n, t, [
      `${r.pick(['repeat', 'concurrency', 'timeout_ms'])}: ${r.pick(ABSURD_NUMBERS)}`,
    ]).replace('timeout_ms: 3000\n', r.chance(0.5) ? '' : 'timeout_ms: 3000\n'),
  (r, _n, t) =>
    moduleSuite(r, `../../${r.pick(['escape', '..', '.', '/etc'])}${r.pick(HOSTILE_TEXT)}`, t),
  (r, n, t) =>
    moduleSuite(r, n, t).replace(
      '../impl.ts',
      r.pick(['../cases/a-folder.yaml', '../cases/a-fifo.yaml', '/etc/passwd', '../nope.ts', '..']),
    ),
  (r, n, t) =>
    moduleSuite(r, n, t).replace(
      /include: .*/,
      `include: ${JSON.stringify([r.pick(['/etc/passwd', '/proc/self/environ', '../../../../etc/*', '../cases/**', '../cases/a-fifo.yaml', '../**/*.jsonl'])])} }`,
    ),
  (r, n, t) =>
    moduleSuite(r, n, t, [
      `reports: { dir: ${r.pick(['/proc/self', 'impl.ts', 'out/nested/deeper'])} }`,
    ]),
  (r, n, t) => mutateYaml(moduleSuite(r, n, t), r),
  (r, n, t) => mutateYaml(tracesSuite(r, n, t), r),
  (r, n, t) => `${moduleSuite(r, n, t)}extra: ${deepYaml(r.int(65, 5000), true)}\n`,
  (r, n, t) => moduleSuite(r, n, t, [`unknown_key_${r.word()}: 1`, 'gates: [{ metric: nope }]']),
];

/** `count` suites over the corpus' cases and traces. */
export function suiteEntries(rng: Rng, count: number, targets: Targets): Entry[] {
  const out: Entry[] = [];
  for (let i = 0; i < count; i++) {
    const made = rng.pick(KINDS)(rng, `s${i}`, targets);
    out.push({
      kind: 'bytes',
      name: `s${i}.yaml`,
      bytes: Buffer.isBuffer(made) ? made : Buffer.from(made),
    });
  }
  return out;
}
