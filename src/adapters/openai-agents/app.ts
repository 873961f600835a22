import type { Agent, AgentInputItem, Model, ModelProvider, RunConfig } from '@openai/agents';
import type { Step } from '../../model/step.ts';
import type { CaseBasics } from '../case-basics.ts';

// The app's agents carry its own context and output types; Baton only runs them.
// biome-ignore lint/suspicious/noExplicitAny: any agent graph, whatever its context and output
export type AnyAgent = Agent<any, any>;

/** What the app's factory is told about a case: never its labels. */
export interface AgentsCaseInfo extends CaseBasics {
  /** The folder of the suite file, to resolve paths given in options. */
  readonly suiteDir: string;
}

/** What the agents receive for one step: a message, items, or `null` to run no turn. */
export type StepInput = string | readonly AgentInputItem[] | null;

/**
 * One case's agent graph, as the app's factory returns it. Give `model` or `modelProvider`:
 * Baton never falls back to the SDK's default provider, so no case reaches OpenAI by accident.
 */
export interface AgentsApp {
  /** The agent that receives the first step; a case whose `entry` names another agent reachable
   * through handoffs starts there instead. */
  readonly startingAgent: AnyAgent;
  /** The model for every agent, overriding their own (`RunConfig.model`): Baton's scriptedModel(). */
  readonly model?: Model;
  /** Resolves the agents' model names: `new OpenAIProvider({ openAIClient })` for a cassette. */
  readonly modelProvider?: ModelProvider;
  /** More runner settings (guardrails, input filters, model settings). Tracing stays Baton's. */
  readonly runConfig?: Partial<Omit<RunConfig, 'model' | 'modelProvider'>>;
  /** The run context every turn of the case gets. */
  readonly context?: unknown;
  /** The most model calls one turn may make (the SDK's maxTurns; default 10). */
  readonly maxTurns?: number;
  /** What the agents receive for a step; default: `defaultStepInput`. */
  readonly stepInput?: (step: Step, index: number) => StepInput;
  /** Called after the last step of the case. */
  readonly end?: () => unknown;
}

/**
 * The module a suite's `adapter: { type: openai-agents, path }` names exports this as `default`
 * or `createAgentsApp`. Baton calls it once per case (so a scripted model can follow the case),
 * with the suite's `adapter.options` and the case's info.
 */
export type AgentsAppFactory = (
  options: Readonly<Record<string, unknown>>,
  info: AgentsCaseInfo,
) => AgentsApp | Promise<AgentsApp>;

/** Identity helper that gives an app module's factory its type. */
export function defineAgentsApp(factory: AgentsAppFactory): AgentsAppFactory {
  return factory;
}

/**
 * A model that wants to follow the case (Baton's scripted model does): Baton tells it which step
 * runs, which agent took over, and when the case is over. Every method is optional.
 */
export interface CaseAwareModel {
  beginStep?(index: number): void;
  /** Throws when the step left something undone (unconsumed scripted replies). */
  endStep?(index: number): void;
  agentStarted?(agent: AnyAgent): void;
  /** Throws when the case left something undone (replies for steps that never ran). */
  endCase?(): void;
}
