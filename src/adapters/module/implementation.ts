import type { Step } from '../../model/step.ts';

/** What an implementation is told about a case: never its labels. */
export interface CaseInfo {
  readonly id: string;
  /** The agent that receives the first step. */
  readonly entry: string;
  readonly agents: readonly string[];
  readonly persons: readonly string[];
  readonly repeat: number;
  readonly signal: AbortSignal;
}

/** One conversation or work item, from its first step to its last. */
export interface CaseSession {
  /** Handles step `index`; spans emitted while this runs belong to that step. */
  handle(step: Step, index: number): unknown | Promise<unknown>;
  /** Called after the last step (flush, close). */
  end?(): unknown | Promise<unknown>;
}

/** A handoff implementation as the module adapter drives it. */
export interface HandoffImplementation {
  startCase(info: CaseInfo): CaseSession | Promise<CaseSession>;
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
