import type { FileProblem } from '../errors.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { variantNames } from '../model/variants.ts';
import { place } from './draft.ts';
import type { YamlSource } from './yaml-document.ts';

/**
 * A cassette records one run of the cases: in a suite with variants each variant would record
 * the same cases into the one file, the last variant's entries replacing the others', and replay
 * would then miss every request of the variants recorded first.
 */
export function recordProblems(config: ParsedSuite, source: YamlSource): FileProblem[] {
  if (config.cassette?.mode !== 'record' || variantNames(config).length === 0) return [];
  return [
    place(
      {
        path: ['cassette', 'mode'],
        at: 'value',
        message:
          'expected a cassette in replay mode in a suite with variants, received mode: record (each variant would record the same cases into one file, the last replacing the others)',
        fix: 'record each variant with a suite of its own (the variant’s options as its adapter’s), each into its own file, then join their `entries` lists into the cassette this suite replays',
      },
      source,
    ),
  ];
}
