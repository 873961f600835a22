import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FileProblem } from '../errors.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { OPTION_ADAPTERS, variantNames } from '../model/variants.ts';
import { place } from './draft.ts';
import type { DataPath } from './load-result.ts';
import { closestMatch } from './suggest.ts';
import type { YamlSource } from './yaml-document.ts';

interface Found {
  readonly path: DataPath;
  readonly message: string;
  readonly fix: string;
}

/**
 * What a valid schema cannot say about `variants:` and `compare:`: at least two variants, options
 * only for adapters that take them, variant modules that exist, and `compare` naming variants
 * the suite has. Each problem with its line, column and fix.
 */
export function variantProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  const found = [...variantShape(config, source), ...compareReferences(config)];
  return found.map((f) => place({ ...f, at: 'value' }, source));
}

function variantShape(config: ParsedSuite, source: YamlSource): Found[] {
  if (!config.variants) return [];
  const names = variantNames(config);
  const found: Found[] = [];
  if (names.length < 2) {
    found.push({
      path: ['variants'],
      message: `a suite with variants needs at least two to compare, it has ${names.length}`,
      fix: 'add another variant (e.g. `current: {}` for the suite adapter as it is) or remove `variants`',
    });
  }
  const dir = dirname(resolve(source.file));
  for (const name of names) {
    const variant = config.variants[name];
    const adapter = variant?.adapter ?? config.adapter;
    if (variant?.options && !OPTION_ADAPTERS.has(adapter.type)) {
      found.push({
        path: ['variants', name, 'options'],
        message: `the ${adapter.type} adapter takes no options`,
        fix: `give the variant its own \`adapter\` instead of \`options\``,
      });
    }
    if (variant?.adapter && 'path' in variant.adapter) {
      const path = variant.adapter.path;
      if (!existsSync(resolve(dir, path))) {
        found.push({
          path: ['variants', name, 'adapter', 'path'],
          message: `no adapter module at ${path} (looked for ${resolve(dir, path)})`,
          fix: 'paths in a suite are relative to the suite file; fix the path or create the file',
        });
      }
    }
  }
  return found;
}

function compareReferences(config: ParsedSuite): Found[] {
  const compare = config.compare;
  if (!compare) return [];
  const names = variantNames(config);
  const refs: { path: DataPath; name: string }[] = [];
  if (compare.baseline !== undefined)
    refs.push({ path: ['compare', 'baseline'], name: compare.baseline });
  compare.candidates?.forEach((name, i) => {
    refs.push({ path: ['compare', 'candidates', i], name });
  });
  const found: Found[] = [];
  for (const ref of refs) {
    if (names.includes(ref.name)) continue;
    const meant = closestMatch(ref.name, names);
    found.push({
      path: ref.path,
      message:
        names.length === 0
          ? `"${ref.name}" names a variant, but the suite has no \`variants\``
          : `no variant named "${ref.name}" (the suite has ${names.join(', ')})`,
      fix:
        meant !== undefined
          ? `did you mean "${meant}"?`
          : names.length === 0
            ? 'declare `variants:` or remove it (with --baseline, the run is the candidate)'
            : `use one of ${names.join(', ')}`,
    });
  }
  if (compare.baseline !== undefined && compare.candidates?.includes(compare.baseline)) {
    found.push({
      path: ['compare', 'candidates'],
      message: `"${compare.baseline}" is the baseline and cannot also be a candidate`,
      fix: 'list only the variants to compare with the baseline',
    });
  }
  return found;
}
