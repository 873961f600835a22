import { z } from 'zod';
import { type CompareConfig, CompareConfig as Schema } from '../model/compare-config.ts';
import { place } from './draft.ts';
import { readUserFile } from './files.ts';
import type { JsonSchema } from './json-schemas.ts';
import type { LoadResult } from './load-result.ts';
import { parseYaml } from './yaml-document.ts';
import { zodProblems } from './zod-problems.ts';

let schema: JsonSchema | undefined;

/**
 * Reads the settings of `baton compare --config`: a YAML file holding what a suite's `compare:`
 * block holds (gates, seed, resamples, alpha). Problems carry the line, column and fix.
 */
export async function loadCompareConfig(path: string): Promise<LoadResult<CompareConfig>> {
  const text = await readUserFile(path);
  if (!text.ok) return text;
  const source = parseYaml(text.value, path);
  if (!source.ok) return source;
  const parsed = Schema.safeParse(source.value.data ?? {});
  schema ??= z.toJSONSchema(Schema, { io: 'input' }) as JsonSchema;
  if (!parsed.success)
    return { ok: false, problems: zodProblems(parsed.error.issues, source.value, schema) };
  const named = (['baseline', 'candidates'] as const).filter((k) => parsed.data[k] !== undefined);
  if (named.length > 0) {
    const problems = named.map((key) =>
      place(
        {
          path: [key],
          at: 'key',
          message: `\`${key}\` names suite variants, but baton compare is given two report files`,
          fix: `remove \`${key}\`: the first report is the baseline, the second the candidate`,
        },
        source.value,
      ),
    );
    return { ok: false, problems };
  }
  return { ok: true, value: parsed.data };
}
