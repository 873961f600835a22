import type * as Sdk from '@openai/agents';
import { BatonTraceProcessor } from './trace-processor.ts';

/** The `@openai/agents` module the app itself imports: Baton's code is handed this copy. */
export type AgentsSdk = typeof Sdk;
type SdkModule = AgentsSdk;

interface Installed {
  readonly processor: BatonTraceProcessor;
  readonly wasDisabled: boolean;
  users: number;
}

let installed: Installed | undefined;

/**
 * Makes Baton's processor the SDK's only trace processor and turns tracing on (the SDK turns it
 * off when NODE_ENV is test, as under vitest). `setTraceProcessors` replaces — and shuts down —
 * the default processor that would post traces to OpenAI. Adapters in one process share the
 * processor; the last `releaseTracing` restores the SDK's enabled state.
 */
export function acquireTracing(sdk: SdkModule): BatonTraceProcessor {
  if (!installed) {
    installed = {
      processor: new BatonTraceProcessor(),
      wasDisabled: tracingDisabled(sdk),
      users: 0,
    };
    assertTracing(sdk, installed.processor);
  }
  installed.users += 1;
  return installed.processor;
}

/**
 * Puts Baton's processor back in place, in case code run since (an app factory calling
 * `setDefaultOpenAITracingExporter`, a second copy of the SDK) replaced it.
 */
export function assertTracing(sdk: SdkModule, processor: BatonTraceProcessor): void {
  sdk.setTraceProcessors([processor]);
  sdk.setTracingDisabled(false);
}

/**
 * The last user leaves the SDK with no processor and its former enabled state. The processor
 * Baton replaced is not reinstated: the SDK shut it down when it was replaced, and a process that
 * ran Baton must not start exporting traces to OpenAI afterwards.
 */
export function releaseTracing(sdk: SdkModule): void {
  if (!installed) return;
  installed.users -= 1;
  if (installed.users > 0) return;
  sdk.setTraceProcessors([]);
  sdk.setTracingDisabled(installed.wasDisabled);
  installed = undefined;
}

// The SDK offers no getter: a disabled provider hands out no-op traces (an unstarted trace
// reaches no processor).
function tracingDisabled(sdk: SdkModule): boolean {
  return sdk.getGlobalTraceProvider().createTrace({ name: 'baton probe' }) instanceof sdk.NoopTrace;
}
