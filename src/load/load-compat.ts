import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { Envelope, ReceiverVersion } from '../compat/matrix.ts';
import { readEnvelopes } from '../compat/read-envelopes.ts';
import { validateContracts } from '../contracts/contract-for.ts';
import type { Contract } from '../contracts/types.ts';
import { compileYamlContract } from '../contracts/yaml-contract.ts';
import type { FileProblem } from '../errors.ts';
import { type CompatInput, CompatInput as Schema } from '../model/compat-config.ts';
import { place } from './draft.ts';
import { readUserFile } from './files.ts';
import type { JsonSchema } from './json-schemas.ts';
import type { DataPath, LoadResult } from './load-result.ts';
import { parseYaml } from './yaml-document.ts';
import { zodProblems } from './zod-problems.ts';

/** A loaded compatibility file: its settings, the recorded envelopes, each receiver version's contracts. */
export interface Compat {
  readonly config: CompatInput;
  readonly envelopes: readonly Envelope[];
  readonly receivers: readonly ReceiverVersion[];
}

let schema: JsonSchema | undefined;

/** Reads a compatibility file (see docs/compare.md), every problem with its position and fix. */
export async function loadCompat(path: string): Promise<LoadResult<Compat>> {
  const text = await readUserFile(path);
  if (!text.ok) return text;
  const parsed = parseYaml(text.value, path);
  if (!parsed.ok) return parsed;
  const source = parsed.value;
  const result = Schema.safeParse(source.data);
  schema ??= z.toJSONSchema(Schema, { io: 'input' }) as JsonSchema;
  if (!result.success)
    return { ok: false, problems: zodProblems(result.error.issues, source, schema) };
  const config = result.data;
  const dir = dirname(resolve(path));
  const problems: FileProblem[] = [];
  const problem = (at: DataPath, message: string, fix: string) =>
    problems.push(place({ path: at, at: 'value', message, fix }, source));
  const receivers = await receiverVersions(config, dir, problem);
  const envelopes: Envelope[] = [];
  for (const [i, entry] of config.envelopes.entries()) {
    const files = entry.traces.map((f) => resolve(dir, f));
    files.forEach((f, j) => {
      if (!existsSync(f))
        problem(
          ['envelopes', i, 'traces', j],
          `no trace file at ${entry.traces[j]}`,
          'paths are relative to this file',
        );
    });
    if (problems.length > 0) continue;
    try {
      const rule = {
        attribute: entry.version_attribute,
        ...(entry.version && { fallback: entry.version }),
      };
      envelopes.push(...(await readEnvelopes(files, rule)));
    } catch (error) {
      problem(
        ['envelopes', i, 'traces'],
        (error as Error).message,
        'point it at an OTLP/JSON export',
      );
    }
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, value: { config, envelopes, receivers } };
}

async function receiverVersions(
  config: CompatInput,
  dir: string,
  problem: (at: DataPath, message: string, fix: string) => void,
): Promise<ReceiverVersion[]> {
  const out: ReceiverVersion[] = [];
  for (const [receiver, versions] of Object.entries(config.receivers)) {
    for (const [version, spec] of Object.entries(versions)) {
      const contracts: Contract[] = spec.edges.map(compileYamlContract);
      for (const [k, given] of spec.modules.entries()) {
        const at: DataPath = ['receivers', receiver, version, 'modules', k];
        const loaded = await importContracts(resolve(dir, given));
        if (typeof loaded === 'string')
          problem(at, loaded, 'fix the path or the module (paths are relative to this file)');
        else contracts.push(...loaded);
      }
      for (const message of validateContracts(contracts))
        problem(['receivers', receiver, version], message, 'keep one contract per edge');
      out.push({ receiver, version, contracts });
    }
  }
  return out;
}

function isContract(v: unknown): v is Contract {
  const c = v as Record<string, unknown> | null;
  return typeof c?.name === 'string' && typeof c.to === 'string' && Array.isArray(c.rules);
}

async function importContracts(file: string): Promise<Contract[] | string> {
  if (!existsSync(file)) return `no contract module at ${file}`;
  try {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const found = Object.values(mod)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .filter(isContract);
    return found.length > 0 ? found : `${file} exports no contract`;
  } catch (error) {
    return `${file} failed to load: ${(error as Error).message}`;
  }
}
