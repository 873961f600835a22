import type { Case } from '../model/labelled-case.ts';
import type { ParsedSuite } from '../model/suite.ts';
import type { SpanRecord } from '../normalize/span-record.ts';

/** The argument that starts an isolate's main loop when its module is a child's main file. */
export const ISOLATE_FLAG = '--baton-isolate';

/** How a suite runs its implementation: in Baton's process, a worker thread, or a child process. */
export type IsolationKind = 'worker' | 'process';

/** What an isolate needs to build the suite's adapter the way Baton would in its own process. */
export interface IsolateInit {
  readonly suiteFile: string;
  readonly config: ParsedSuite;
  /** The selected cases: their faults decide whether the HTTP ledger starts. */
  readonly cases: readonly Case[];
}

/** What the isolate's adapter offers, told once it is set up. */
export interface IsolateReady {
  readonly name: string;
  readonly receiver: boolean;
  readonly negotiator: boolean;
}

export interface RunRequest {
  readonly testCase: Case;
  readonly repeat: number;
}

/** One case run's spans, under the isolate's own root span (replaced by Baton's on arrival). */
export interface RunReply {
  readonly spans: readonly SpanRecord[];
  readonly root: { readonly traceId: string; readonly spanId: string };
  readonly permutationSeed?: number;
}

/** Something that escaped the implementation inside the isolate. */
export interface IsolateFault {
  readonly kind: 'exit' | 'unhandled_rejection' | 'uncaught_exception';
  readonly message: string;
  /** The case run it came from (the async context of the throw); absent outside any case. */
  readonly caseId?: string;
  readonly repeat?: number;
}
