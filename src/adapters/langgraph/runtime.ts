/**
 * The only part of the adapter that loads LangGraph and LangChain at run time; the adapter imports
 * it when a `langgraph` suite starts, so other suites never load them.
 */
import { HumanMessage } from '@langchain/core/messages';
import { Command, MemorySaver } from '@langchain/langgraph';
import type { Step } from '../../model/step.ts';
import type { StreamableGraph } from './graph-app.ts';
import { personDecision, stepText } from './step-text.ts';

/**
 * A step as graph input: a human message (see `stepText`), except a person's decision while the
 * graph waits in `interrupt()`, which resumes it with `{ who, decision, note }`.
 */
export function defaultInput(step: Step, interrupted: boolean): unknown {
  if (step.kind === 'person' && interrupted) {
    return new Command({ resume: personDecision(step) });
  }
  return { messages: [new HumanMessage({ content: stepText(step) })] };
}

const attached = new WeakMap<StreamableGraph, MemorySaver>();

/**
 * Turns need a checkpointer to carry a thread from one step to the next: a graph compiled
 * without one gets a `MemorySaver`, whose threads Baton drops when their case is over.
 */
export function attachCheckpointer(graph: StreamableGraph): void {
  if (graph.checkpointer) return;
  const saver = new MemorySaver();
  graph.checkpointer = saver;
  attached.set(graph, saver);
}

/** Forgets a finished case's thread, when Baton attached the checkpointer that holds it. */
export async function releaseThread(graph: StreamableGraph, threadId: string): Promise<void> {
  await attached.get(graph)?.deleteThread(threadId);
}
