import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { validateContracts } from '../contracts/contract-for.ts';
import type { Contract } from '../contracts/types.ts';
import type { FileProblem } from '../errors.ts';
import type { DataPath } from '../model/data-path.ts';
import type { Suite } from '../model/suite.ts';
import { importUserModule } from './import-user-module.ts';
import type { LoadResult } from './load-result.ts';

function isContract(value: unknown): value is Contract {
  if (value === null || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.name === 'string' &&
    typeof c.to === 'string' &&
    typeof c.from === 'string' &&
    Array.isArray(c.rules) &&
    typeof c.schema === 'object'
  );
}

/** Every contract a module exports: named exports, a default export, or arrays of them. */
function contractsIn(mod: Record<string, unknown>): Contract[] {
  return Object.values(mod)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter(isContract);
}

async function loadModule(suite: Suite, given: string): Promise<LoadResult<Contract[]>> {
  const file = resolve(dirname(suite.file), given);
  const problem = (message: string, fix: string): LoadResult<Contract[]> => ({
    ok: false,
    problems: [{ file: suite.file, path: 'contracts.modules', message, fix }],
  });
  if (!existsSync(file))
    return problem(
      `no contract module at ${file}`,
      'fix the path (it is relative to the suite file)',
    );
  try {
    const contracts = contractsIn(await importUserModule(file));
    if (contracts.length > 0) return { ok: true, value: contracts };
    return problem(
      `${given} exports no contract`,
      'export the values defineContract() returns (named, default, or an array)',
    );
  } catch (error) {
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return problem(`${given} failed to load: ${why}`, 'fix the module, then run again');
  }
}

/** A contract and where it is written: a YAML edge of the suite, or a module's export. */
export interface SourcedContract {
  readonly contract: Contract;
  /** The suite file (a YAML edge, at `path`) or the module that exports the contract. */
  readonly file: string;
  readonly path?: DataPath;
}

/** The suite's contracts: compiled YAML edges plus those its modules export, checked together. */
export async function loadContracts(suite: Suite): Promise<LoadResult<Contract[]>> {
  const loaded = await loadSourcedContracts(suite);
  return loaded.ok ? { ok: true, value: loaded.value.map((c) => c.contract) } : loaded;
}

/** `loadContracts`, each contract with the file (and for a YAML edge, the path) it comes from. */
export async function loadSourcedContracts(suite: Suite): Promise<LoadResult<SourcedContract[]>> {
  const block = suite.config.contracts;
  if (!block) return { ok: true, value: [] };
  // The rules behind YAML contracts (and fast-check behind them) load for suites with contracts.
  const { compileYamlContract } = await import('../contracts/yaml-contract.ts');
  const sourced: SourcedContract[] = block.edges.map((edge, i) => ({
    contract: compileYamlContract(edge),
    file: suite.file,
    path: ['contracts', 'edges', i],
  }));
  const problems: FileProblem[] = [];
  for (const given of block.modules) {
    const loaded = await loadModule(suite, given);
    const file = resolve(dirname(suite.file), given);
    if (loaded.ok) sourced.push(...loaded.value.map((contract) => ({ contract, file })));
    else problems.push(...loaded.problems);
  }
  for (const message of validateContracts(sourced.map((c) => c.contract))) {
    problems.push({
      file: suite.file,
      path: 'contracts',
      message,
      fix: 'keep one contract per edge',
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: sourced };
}
