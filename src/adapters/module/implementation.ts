import type {
  Edge,
  Envelope,
  NegotiationOutcome,
  NegotiationRequest,
  ReceiveOutcome,
} from '../../contracts/types.ts';
import type { Step } from '../../model/step.ts';
import type { CaseBasics } from '../case-basics.ts';
import type { DeliveryRoute } from '../transport/transport.ts';

/** What an implementation is told about a case: never its labels. */
export interface CaseInfo extends CaseBasics {
  /**
   * Delivers work to a receiver through Baton, so the suite's delivery faults apply (duplicate
   * delivery, a slow receiver, a receiver that times out). Without faults it just calls `receive`.
   */
  deliver<T>(route: DeliveryRoute, receive: () => Promise<T> | T): Promise<T>;
  /** Runs parallel handoffs or tool calls; under a `permute` fault in a seeded, permuted order. */
  parallel<T>(tasks: readonly (() => Promise<T> | T)[]): Promise<T[]>;
}

/** One conversation or work item, from its first step to its last. */
export interface CaseSession {
  /** Handles step `index`; spans emitted while this runs belong to that step. */
  handle(step: Step, index: number): unknown | Promise<unknown>;
  /** Called after the last step (flush, close). */
  end?(): unknown | Promise<unknown>;
}

/** An envelope delivered to a receiver on one edge. */
export interface Delivery extends Edge {
  readonly envelope: Envelope;
}

/** A handoff implementation as the module adapter drives it. */
export interface HandoffImplementation {
  startCase(info: CaseInfo): CaseSession | Promise<CaseSession>;
  /**
   * The receiving side of a handoff: accept the envelope, or reject it with a reason and the
   * fields that are missing or wrong. Property tests call it with valid and broken envelopes.
   */
  receive?(delivery: Delivery): ReceiveOutcome | Promise<ReceiveOutcome>;
  /**
   * The sending side's loop: deliver through `request.receive`, revise on rejection, and stop by
   * `request.hopCap` deliveries, escalating with every rejection reason attached.
   */
  negotiate?(request: NegotiationRequest): NegotiationOutcome | Promise<NegotiationOutcome>;
  close?(): unknown | Promise<unknown>;
}

export interface FactoryContext {
  /** The folder of the suite file, to resolve paths given in options. */
  readonly suiteDir: string;
}

/**
 * The module a suite's `adapter: { type: module, path }` names exports this as `default` or as
 * `createImplementation`; it receives the suite's `adapter.options`.
 */
export type ImplementationFactory = (
  options: Readonly<Record<string, unknown>>,
  context: FactoryContext,
) => HandoffImplementation | Promise<HandoffImplementation>;

/** Identity helper that gives a module's factory its type. */
export function defineImplementation(factory: ImplementationFactory): ImplementationFactory {
  return factory;
}
