import * as fc from 'fast-check';
import type { Envelope, Mutation } from '../../types.ts';
import { hasField } from './paths.ts';
import type { FieldSite } from './sites.ts';

/** A broken envelope and the fields a good rejection names. */
export interface Broken {
  readonly envelope: Envelope;
  readonly fields: readonly string[];
}

interface SiteMutationSpec<S> {
  readonly name: string;
  readonly coercion?: boolean;
  /** The sites the schema offers to this mutation. */
  readonly candidates: readonly S[];
  /** Whether a site can be broken in this envelope (present by default). */
  readonly qualifies?: (valid: Envelope, site: S) => boolean;
  /** The ways to break `valid` at one site. */
  readonly breakAt: (valid: Envelope, site: S) => fc.Arbitrary<Broken>;
}

/**
 * A structural Mutation that applies when some site qualifies, then breaks one chosen site;
 * undefined when the schema offers no candidate at all.
 */
export function siteMutation<S extends { readonly path: FieldSite['path'] }>(
  spec: SiteMutationSpec<S>,
): Mutation | undefined {
  if (spec.candidates.length === 0) return undefined;
  const qualifies = spec.qualifies ?? ((valid: Envelope, site: S) => hasField(valid, site.path));
  const targets = (valid: Envelope) => spec.candidates.filter((site) => qualifies(valid, site));
  return {
    name: `structure.${spec.name}`,
    rule: 'structure',
    ...(spec.coercion ? { coercion: true } : {}),
    applies: (valid) => targets(valid).length > 0,
    apply: (valid) => {
      const sites = targets(valid);
      if (sites.length === 0) {
        throw new Error(
          `Failed to apply structure.${spec.name}: no field of this envelope qualifies. Call applies() first.`,
        );
      }
      return fc.constantFrom(...sites).chain((site) => spec.breakAt(valid, site));
    },
  };
}
