import * as fc from 'fast-check';
import type { Contract, Edge, NegotiationOutcome, NegotiationRequest, Receiver } from '../types.ts';
import { pingpongProperty } from './pingpong-property.ts';
import {
  PROPERTY_CODE,
  PROPERTY_NAMES,
  type PropertyName,
  type PropertyResult,
} from './property-result.ts';
import { receiverProperties } from './receiver-properties.ts';
import { PropertyViolation } from './violation.ts';

/** Where the properties reach the implementation: usually the suite's adapter. */
export interface PropertyTarget {
  receiver?(edge: Edge): Receiver | undefined;
  negotiator?(
    edge: Edge,
  ): ((request: NegotiationRequest) => Promise<NegotiationOutcome>) | undefined;
}

export interface PropertyRunOptions {
  /** Envelopes per property (the ping-pong property uses at most 50: each is a whole loop). */
  readonly numRuns: number;
  /** Replays: with `path`, exactly the counterexample a failure printed. */
  readonly seed?: number;
  readonly path?: string;
  /** Run only the property with this id (`<contract>:<property>`). */
  readonly only?: string;
  /** The clock that fresh-findings rules measure from. */
  readonly now: number;
  /** Deliveries a sender may attempt before escalating, for the ping-pong property. */
  readonly hopCap: number;
}

const PINGPONG_RUNS = 50;

/** Checks every property of every contract's receiver; one result each, never throws. */
export async function runProperties(
  contracts: readonly Contract[],
  target: PropertyTarget,
  options: PropertyRunOptions,
): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];
  for (const contract of contracts) {
    const edge = { from: contract.from, to: contract.to };
    const ctx = { ...edge, now: options.now };
    const receive = target.receiver?.(edge);
    const negotiate = target.negotiator?.(edge);
    const built = receive ? receiverProperties(contract, receive, ctx) : {};
    for (const name of PROPERTY_NAMES) {
      const id = `${contract.name}:${name}`;
      if (options.only !== undefined && options.only !== id) continue;
      const property =
        name === 'bounded_pingpong'
          ? negotiate && pingpongProperty(contract, negotiate, ctx, options.hopCap)
          : built[name];
      const base = {
        id,
        contract: contract.name,
        from: contract.from,
        to: contract.to,
        property: name,
        clock: options.now,
      };
      if (!property) {
        results.push({
          ...base,
          outcome: 'skip',
          numRuns: 0,
          seed: options.seed ?? 0,
          message: skipReason(name),
        });
        continue;
      }
      const numRuns =
        name === 'bounded_pingpong' ? Math.min(options.numRuns, PINGPONG_RUNS) : options.numRuns;
      results.push({ ...base, ...(await check(property, name, numRuns, options)) });
    }
  }
  return results;
}

/** The envelope inside a generated value (broken envelopes carry their mutation beside it). */
function envelopeOf(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'envelope' in value) {
    return (value as { envelope: unknown }).envelope;
  }
  return value;
}

function skipReason(name: PropertyName): string {
  return name === 'bounded_pingpong'
    ? 'the implementation exposes no negotiate() for its sending side'
    : 'the implementation exposes no receive() for this edge';
}

async function check(
  property: fc.IAsyncPropertyWithHooks<[unknown]>,
  name: PropertyName,
  numRuns: number,
  options: PropertyRunOptions,
): Promise<Omit<PropertyResult, 'id' | 'contract' | 'from' | 'to' | 'property' | 'clock'>> {
  const details = await fc.check(property, {
    numRuns,
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.path !== undefined && { path: options.path }),
  });
  if (!details.failed) {
    return {
      outcome: 'pass',
      numRuns: details.numRuns,
      seed: details.seed,
      message: `${details.numRuns} envelopes, all handled right`,
    };
  }
  const error = details.errorInstance;
  const counterexample = details.counterexample?.[0];
  const common = {
    numRuns: details.numRuns,
    seed: details.seed,
    ...(details.counterexamplePath !== null && { path: details.counterexamplePath }),
    shrinks: details.numShrinks,
  };
  if (error instanceof PropertyViolation) {
    return {
      ...common,
      outcome: 'fail',
      code: PROPERTY_CODE[name],
      counterexample: { envelope: envelopeOf(counterexample), ...error.detail },
      message: error.message,
    };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    ...common,
    outcome: 'error',
    counterexample,
    message: `Baton could not run the property: ${message}`,
  };
}
