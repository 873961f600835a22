import type { TimelineEvent } from '../model/timeline.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** A delegation or question that was a call: who returned to whom, when, with what answer. */
export interface ReturnFound {
  readonly by: string;
  readonly to: string;
  readonly at: number;
  readonly answer?: unknown;
}

/** What a rule found in a span. */
export interface RuleMatch {
  /** Which compiled rule matched (an index into `origins`). */
  readonly rule: number;
  readonly event: TimelineEvent;
  readonly returned?: ReturnFound;
  /** The receiver of a call-like handoff, who acts inside the span's subtree. */
  readonly actor?: string;
}

/** One rule ready to run against spans (build-rule-event.ts builds it). */
export interface CompiledRule {
  readonly applies: (span: SpanRecord) => boolean;
  readonly build: (span: SpanRecord, index: SpanIndex, acting: Acting) => RuleBuild | undefined;
  /** For a handoff that is a call: its receiver, who then acts inside the span. */
  readonly inside?: (span: SpanRecord, index: SpanIndex) => string | undefined;
}

export type RuleBuild = Omit<RuleMatch, 'rule'>;
/** The agent acting at a span: nearest agent span, or the receiver of an enclosing call. */
export type Acting = (span: SpanRecord) => string | undefined;
