import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { FileProblem } from '../../errors.ts';
import { reportFolder } from '../../io/report-folder.ts';
import { loadSuiteFile } from '../../load/load-suite.ts';
import { selectHeldCases } from '../../load/select-cases.ts';
import { localImports } from './import-graph.ts';
import { under } from './under.ts';

/** The files one suite's run depends on, as absolute paths. */
export interface WatchTargets {
  readonly suiteFile: string;
  /** Case file → case id, for the cases the run selects. */
  readonly cases: ReadonlyMap<string, string>;
  /** Case files that do not load, with their problems. */
  readonly broken: ReadonlyMap<string, readonly FileProblem[]>;
  /** Implementation folders (watched with everything below them) and single files. */
  readonly implementation: readonly { readonly path: string; readonly folder: boolean }[];
  /** Where reports are written: changes there never re-run anything. */
  readonly ignored: readonly string[];
}

export type ScanResult =
  | { readonly ok: true; readonly targets: WatchTargets }
  | { readonly ok: false; readonly problems: readonly FileProblem[] };

const ADAPTERS_WITH_MODULE = new Set(['module', 'langgraph', 'openai-agents']);

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Adapter options naming files beside the suite (a policy file, say) are inputs too. */
function optionFiles(options: unknown, base: string): string[] {
  if (typeof options !== 'object' || options === null) return [];
  return Object.values(options)
    .filter((v): v is string => typeof v === 'string' && /\.[a-z]{1,5}$/i.test(v))
    .map((v) => (isAbsolute(v) ? v : resolve(base, v)))
    .filter(isFile);
}

async function implementationOf(config: Record<string, unknown>, suiteDir: string) {
  const adapter = (config.adapter ?? {}) as Record<string, unknown>;
  const out: { path: string; folder: boolean }[] = [];
  if (ADAPTERS_WITH_MODULE.has(String(adapter.type)) && typeof adapter.path === 'string') {
    const module = resolve(suiteDir, adapter.path);
    const folder = dirname(module);
    out.push({ path: folder, folder: true });
    // The app it imports from elsewhere in the project (`../src/desk/graph.ts`), file by file.
    for (const file of (await localImports(module)) ?? [])
      if (!under(file, folder)) out.push({ path: file, folder: false });
  }
  for (const file of optionFiles(adapter.options, suiteDir))
    out.push({ path: file, folder: false });
  if (Array.isArray(adapter.files)) {
    for (const f of adapter.files)
      if (typeof f === 'string') out.push({ path: resolve(suiteDir, f), folder: false });
  }
  const contracts = (config.contracts ?? {}) as { modules?: unknown };
  if (Array.isArray(contracts.modules)) {
    for (const m of contracts.modules)
      if (typeof m === 'string') out.push({ path: resolve(suiteDir, m), folder: false });
  }
  return out;
}

/** Loads a suite and its cases to learn which files a re-run depends on. */
export async function scanSuite(
  suitePath: string,
  cwd: string,
  filters: { caseIds?: string[]; tags?: string[] },
  out: string | undefined,
): Promise<ScanResult> {
  const suiteFile = resolve(cwd, suitePath);
  const loaded = await loadSuiteFile(suiteFile);
  if (!loaded.ok) return { ok: false, problems: loaded.problems };
  const selection = await selectHeldCases(loaded.value, filters);
  const cases = new Map<string, string>();
  for (const c of selection.cases) if (c.file !== undefined) cases.set(resolve(cwd, c.file), c.id);
  const broken = new Map<string, FileProblem[]>();
  for (const p of selection.problems) {
    const file = resolve(cwd, p.file);
    if (file === suiteFile || !existsSync(file)) continue;
    broken.set(file, [...(broken.get(file) ?? []), p]);
  }
  const config = loaded.value.config as unknown as Record<string, unknown>;
  return {
    ok: true,
    targets: {
      suiteFile,
      cases,
      broken,
      implementation: await implementationOf(config, dirname(suiteFile)),
      // The folder the run writes to, by the same rule as baton run (reports.dir against the suite).
      ignored: [
        reportFolder({
          out,
          dir: loaded.value.config.reports.dir,
          suiteFile,
          suiteName: loaded.value.config.name,
          cwd,
        }),
      ],
    },
  };
}
