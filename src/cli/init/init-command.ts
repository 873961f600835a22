import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { BatonError } from '../../errors.ts';
import { projectAbove } from '../defaults.ts';
import { type CliIo, EXIT } from '../io.ts';
import { INIT_ADAPTERS, type InitAdapter, initFiles } from './files.ts';

export interface InitFlags {
  readonly force?: boolean;
  /** The adapter to scaffold for (default: module). */
  readonly adapter?: string;
}

function adapterOf(given: string | undefined): InitAdapter {
  if (given === undefined) return 'module';
  if ((INIT_ADAPTERS as readonly string[]).includes(given)) return given as InitAdapter;
  throw new BatonError(
    'usage',
    `Failed to scaffold: --adapter ${given} is not one baton init writes, and nothing was written. Use --adapter ${INIT_ADAPTERS.join(', --adapter ')}; for recorded traces scaffold the module one and change adapter.type (node_modules/baton-handoffs/docs/adapters/traces.md).`,
  );
}

/** What to do after `baton init`, for each adapter. */
const NEXT: Readonly<Record<InitAdapter, readonly string[]>> = {
  module: [
    '  npx baton run baton/suite.yaml    both cases pass against the stand-in in baton/adapter.ts',
    '  then call your agents from baton/adapter.ts and label real conversations in baton/cases/.',
  ],
  langgraph: [
    '  npx baton run baton/suite.yaml    both cases pass against the stand-in graph in baton/graph.ts',
    '  (it needs @langchain/langgraph and @langchain/core in your project: npm i @langchain/langgraph @langchain/core)',
    '  then build your graph in baton/graph.ts and label real conversations in baton/cases/.',
  ],
  http: [
    '  npx baton run baton/suite.yaml    both cases pass against the stand-in service in baton/service.mjs',
    "  then point the suite's adapter at your own service and label real conversations in baton/cases/.",
  ],
  'openai-agents': [
    '  npx baton run baton/suite.yaml    both cases pass against the stand-in agents in baton/agents.ts',
    '  (it needs @openai/agents in your project: npm i @openai/agents zod)',
    '  then start from your own agents in baton/agents.ts and label real conversations in baton/cases/.',
  ],
};

/**
 * `baton init`: scaffolds a working setup in the project in the working directory. Nothing is
 * written when any of the files exists, unless --force.
 */
export async function initCommand(flags: InitFlags, io: CliIo): Promise<number> {
  const adapter = adapterOf(flags.adapter);
  const files = initFiles(adapter);
  // In a subfolder of a project the scaffold belongs at its top, beside its package.json.
  const project = existsSync(join(io.cwd, 'package.json')) ? undefined : projectAbove(io.cwd);
  if (project !== undefined) {
    throw new BatonError(
      'usage',
      `Failed to scaffold: ${io.cwd} is inside the project at ${project} (its package.json), and nothing was written. Run baton init there (cd ${relative(io.cwd, project)}), where baton run finds baton/suite.yaml from any of its folders.`,
    );
  }
  const existing = files.filter((f) => existsSync(join(io.cwd, f.path))).map((f) => f.path);
  if (existing.length > 0 && !flags.force) {
    throw new BatonError(
      'usage',
      `Failed to scaffold: ${existing.join(', ')} already ${existing.length === 1 ? 'exists' : 'exist'}, and nothing was written. Move ${existing.length === 1 ? 'it' : 'them'} away, or run baton init --force to overwrite.`,
    );
  }
  for (const file of files) {
    const target = join(io.cwd, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.text);
    io.stdout(`${existing.includes(file.path) ? 'overwrote' : 'created'}  ${file.path}\n`);
  }
  if (!existsSync(join(io.cwd, 'package.json'))) {
    io.stderr(
      'baton: there is no package.json here. Run Baton from your project: npm init -y && npm i -D baton-handoffs\n',
    );
  }
  io.stdout(['', 'Next:', ...NEXT[adapter], ''].join('\n'));
  return EXIT.ok;
}
