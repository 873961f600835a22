/**
 * What an OpenAI Agents SDK app module imports from Baton: the factory helper, the step mapping
 * it may reuse, and the scripted model for offline runs. Importing this loads the SDK.
 */
export {
  type AgentsApp,
  type AgentsAppFactory,
  type AgentsCaseInfo,
  type CaseAwareModel,
  defineAgentsApp,
  type StepInput,
} from './app.ts';
export { type ScriptedCall, ScriptedModel, scriptedModel } from './scripted-model.ts';
export { ScriptedModelError, type ScriptedModelErrorCode } from './scripted-model-error.ts';
export {
  call,
  handoffTo,
  type Script,
  type ScriptedArgs,
  type ScriptedReply,
  say,
} from './scripted-reply.ts';
export { defaultStepInput } from './step-input.ts';
