/** Why a scripted model failed the case: each names what to change in the script or the app. */
export type ScriptedModelErrorCode =
  | 'unexpected_call'
  | 'unconsumed_replies'
  | 'unused_steps'
  | 'wrong_agent'
  | 'unknown_handoff'
  | 'unknown_tool'
  | 'streaming';

/** A scripted model's failure: the script and what the agents did disagree. */
export class ScriptedModelError extends Error {
  override readonly name = 'ScriptedModelError';
  constructor(
    readonly code: ScriptedModelErrorCode,
    message: string,
  ) {
    super(message);
  }
}
