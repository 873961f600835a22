import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { caseEntries, type Entry, traceCase } from './cases.ts';
import { Rng } from './rng.ts';
import { suiteEntries } from './suites.ts';
import { traceEntries } from './traces.ts';

/** How many files of each kind the corpus holds. */
export interface CorpusSize {
  readonly cases: number;
  readonly traceCases: number;
  readonly suites: number;
  readonly traces: number;
}

export interface Corpus {
  readonly root: string;
  readonly suiteFiles: readonly string[];
  readonly size: CorpusSize;
}

/** The implementation every module suite drives: quick, well-behaved, hands off at step 0. */
const IMPLEMENTATION = `import { emitHandoff } from ${JSON.stringify(new URL('../../src/public/conventions.ts', import.meta.url).pathname)};
export default () => ({
  startCase: (info) => ({
    handle: (step, index) => { if (index === 0 && info.id.length % 2 === 0) emitHandoff({ from: 'triage', to: 'refunds' }); },
  }),
});
`;

/**
 * Writes a seeded corpus into `root`: a project (package.json, an implementation), case files,
 * trace cases, trace files and suites — deliberately broken in every way in cases.ts,
 * traces.ts and suites.ts. The same seed writes the same corpus.
 */
export async function writeCorpus(root: string, seed: number, size: CorpusSize): Promise<Corpus> {
  const rng = new Rng(seed);
  await writeFile(join(root, 'package.json'), '{ "type": "module", "private": true }\n');
  await writeFile(join(root, 'impl.ts'), IMPLEMENTATION);
  const cases = caseEntries(rng, size.cases);
  const traces = traceEntries(rng, size.traces);
  const traceCases: Entry[] = Array.from({ length: size.traceCases }, (_, i) => {
    const ids = rng.pick(traces).traceIds;
    return {
      kind: 'bytes',
      name: `tc${i}.yaml`,
      bytes: Buffer.from(traceCase(rng, `tc${i}`, rng.pick(ids))),
    };
  });
  const suites = suiteEntries(rng, size.suites, {
    caseFiles: cases.map((c) => c.name),
    traceCases: traceCases.map((c) => c.name),
    traceFiles: traces.map((t) => t.entry.name),
  });
  await writeAll(join(root, 'cases'), cases);
  await writeAll(join(root, 'tcases'), traceCases);
  await writeAll(
    join(root, 'traces'),
    traces.map((t) => t.entry),
  );
  await writeAll(join(root, 'suites'), suites);
  return { root, suiteFiles: suites.map((s) => `suites/${s.name}`), size };
}

async function writeAll(dir: string, entries: readonly Entry[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.kind === 'bytes') await writeFile(path, e.bytes);
    else if (e.kind === 'folder') await mkdir(path);
    else if (e.kind === 'link') await symlink(e.target, path);
    else execFileSync('mkfifo', [path]);
  }
}
