/**
 * The only part of the adapter that touches LangGraph and LangChain at run time, and only through
 * the copies the app itself imports (resolved from the app module): a `Command`, a message or a
 * checkpointer from another copy would be another class than the graph's own.
 */
import type { HumanMessage } from '@langchain/core/messages';
import type { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import type { Command, GraphRecursionError, MemorySaver } from '@langchain/langgraph';
import type { Step } from '../../model/step.ts';
import { type AppModule, importFromApp } from '../app-import.ts';
import type { Halt } from '../halt-span.ts';
import type { StreamableGraph } from './graph-app.ts';
import { personDecision, stepText } from './step-text.ts';

/** What the adapter does with LangGraph, on the app's own copies of its packages. */
export interface LangGraphRuntime {
  /**
   * A step as graph input: a human message (see `stepText`), except a person's decision while the
   * graph waits in `interrupt()`, which resumes it with `{ who, decision, note }`.
   */
  defaultInput(step: Step, interrupted: boolean): unknown;
  /** The input that resumes a graph waiting in `interrupt()` with `value`. */
  resume(value: unknown): unknown;
  /**
   * Turns need a checkpointer to carry a thread from one step to the next: a graph compiled
   * without one gets a `MemorySaver`, whose threads Baton drops when their case is over.
   */
  attachCheckpointer(graph: StreamableGraph): void;
  /** Forgets a finished case's thread, when Baton attached the checkpointer that holds it. */
  releaseThread(graph: StreamableGraph, threadId: string): Promise<void>;
  /** The metadata of the LangChain run in the current async context (a tool's, a node's). */
  runMetadata(): Readonly<Record<string, unknown>> | undefined;
  /**
   * The id of the LangChain run whose code runs in the current async context (a tool's): the
   * parent of what it would start, as its callbacks hold it.
   */
  currentRunId(): string | undefined;
  /**
   * Whether a turn's error is the graph's own doing: it ran out of steps (`recursionLimit`)
   * without reaching its end, as agents that hand the work back and forth do. Every other error
   * stays an error.
   */
  haltOf(error: unknown, agent: string | undefined): Halt | undefined;
}

interface Modules {
  readonly core: { readonly HumanMessage: typeof HumanMessage };
  readonly graph: {
    readonly Command: typeof Command;
    readonly MemorySaver: typeof MemorySaver;
    readonly GraphRecursionError: typeof GraphRecursionError;
  };
  readonly singletons: {
    readonly AsyncLocalStorageProviderSingleton: typeof AsyncLocalStorageProviderSingleton;
  };
}

/** Loads the app's `@langchain/langgraph` and `@langchain/core`, or fails naming the fix. */
export async function loadRuntime(app: AppModule): Promise<LangGraphRuntime> {
  const modules: Modules = {
    graph: await importFromApp('@langchain/langgraph', app),
    core: await importFromApp('@langchain/core/messages', app),
    singletons: await importFromApp('@langchain/core/singletons', app),
  };
  return runtimeOf(modules);
}

function runtimeOf({ core, graph, singletons }: Modules): LangGraphRuntime {
  const attached = new WeakMap<StreamableGraph, InstanceType<typeof MemorySaver>>();
  return {
    defaultInput(step, interrupted) {
      if (step.kind === 'person' && interrupted) {
        return new graph.Command({ resume: personDecision(step) });
      }
      return { messages: [new core.HumanMessage({ content: stepText(step) })] };
    },
    resume(value) {
      return new graph.Command({ resume: value });
    },
    attachCheckpointer(g) {
      if (g.checkpointer) return;
      const saver = new graph.MemorySaver();
      g.checkpointer = saver;
      attached.set(g, saver);
    },
    async releaseThread(g, threadId) {
      await attached.get(g)?.deleteThread(threadId);
    },
    runMetadata() {
      return singletons.AsyncLocalStorageProviderSingleton.getRunnableConfig()?.metadata;
    },
    currentRunId() {
      const callbacks: unknown =
        singletons.AsyncLocalStorageProviderSingleton.getRunnableConfig()?.callbacks;
      const parent = (callbacks as { getParentRunId?: unknown } | undefined)?.getParentRunId;
      const id: unknown = typeof parent === 'function' ? parent.call(callbacks) : undefined;
      return typeof id === 'string' ? id : undefined;
    },
    haltOf(error, agent) {
      if (!(error instanceof graph.GraphRecursionError)) return undefined;
      const limit = Number(/Recursion limit of (\d+)/.exec(error.message)?.[1]);
      return {
        cause: 'turn_limit',
        ...(Number.isInteger(limit) && { limit }),
        ...(agent !== undefined && { agent }),
        // The first sentence: the rest is LangGraph's advice and troubleshooting link.
        detail: error.message.split('. ')[0] ?? error.message,
      };
    },
  };
}
