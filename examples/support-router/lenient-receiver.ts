import type { Contract, Envelope, ValidationContext } from 'baton-handoffs';
import { checkEnvelope, contractFor } from 'baton-handoffs';
import type { Receive } from './receiver.ts';

/**
 * A receiver written to "be forgiving", as intake code often is, and deliberately wrong in three
 * ways the property suite (suites/example-lenient-receiver.yaml) catches:
 *
 * - a missing field is not a problem: the agent will "work it out" (contract.accepted_invalid);
 * - a number written as text (`"25"`) is read as the number (contract.coerced);
 * - anything else is refused as "insufficient context", naming no field, so the sender cannot
 *   tell what to fix (contract.vague_rejection).
 */
export function lenientReceiver(
  contracts: readonly Contract[],
  now: () => number = Date.now,
): Receive {
  return ({ from, to, envelope }) => {
    const contract = contractFor(contracts, from, to);
    if (contract === undefined) return { accepted: true };
    const ctx = { from, to, now: now() };
    const read = numbersFromText(contract, envelope, ctx);
    const problems = checkEnvelope(contract, read, ctx).filter((i) => i.received !== 'no field');
    if (problems.length === 0) return { accepted: true };
    return { accepted: false, reason: 'insufficient context', fields: [] };
  };
}

/** The envelope with every numeric string the contract refused turned into its number. */
function numbersFromText(contract: Contract, envelope: Envelope, ctx: ValidationContext) {
  let read = envelope;
  for (const issue of checkEnvelope(contract, envelope, ctx)) {
    const value = valueAt(read, issue.path);
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
      read = withValue(read, issue.path, Number(value)) as Envelope;
    }
  }
  return read;
}

type Path = readonly (string | number)[];

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

function withValue(root: unknown, path: Path, value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (Array.isArray(root))
    return root.map((item, i) => (i === key ? withValue(item, rest, value) : item));
  const object = typeof root === 'object' && root !== null ? (root as Record<string, unknown>) : {};
  return { ...object, [key]: withValue(object[key], rest, value) };
}
