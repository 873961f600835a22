import { BatonError } from '../../errors.ts';
import { thrownAt } from '../../io/user-frame.ts';
import { loadUserFactory, messageOf } from '../load-user-factory.ts';
import type { AgentsApp, AgentsAppFactory, AgentsCaseInfo } from './app.ts';

/** Loads the app module a suite names and returns its factory (`default` or `createAgentsApp`). */
export function loadAppFactory(
  file: string,
  given: string,
  suiteFile: string,
): Promise<AgentsAppFactory> {
  return loadUserFactory<AgentsAppFactory>({
    file,
    given,
    suite: suiteFile,
    what: 'agents app',
    exportName: 'createAgentsApp',
    shape: 'defineAgentsApp((options, info) => ({ startingAgent, model }))',
  });
}

/** Calls the factory for one case and checks what it returned. */
export async function startApp(
  factory: AgentsAppFactory,
  options: Readonly<Record<string, unknown>>,
  info: AgentsCaseInfo,
  given: string,
): Promise<AgentsApp> {
  let app: AgentsApp;
  try {
    app = await factory(options, info);
  } catch (error) {
    throw new BatonError(
      'adapter.load',
      `Failed to start the agents app ${given} for case ${info.id}: its factory threw ${messageOf(error)}${thrownAt(error)}.`,
    );
  }
  return checkedApp(app, given, info);
}

/** What the factory returned, if it is an app Baton can run: a starting agent and a model. */
export function checkedApp(
  app: AgentsApp,
  given: string,
  info: Pick<AgentsCaseInfo, 'id'>,
): AgentsApp {
  if (app === null || typeof app !== 'object' || typeof app.startingAgent?.name !== 'string') {
    throw new BatonError(
      'adapter.load',
      `Failed to start the agents app ${given} for case ${info.id}: the factory returned no startingAgent. Return { startingAgent, model } (an Agent and a Model).`,
    );
  }
  if (app.model === undefined && app.modelProvider === undefined) {
    throw new BatonError(
      'adapter.load',
      `Failed to start the agents app ${given} for case ${info.id}: it names no model. Return \`model\` (e.g. scriptedModel) or \`modelProvider\` (e.g. new OpenAIProvider({ openAIClient }) for a cassette or a live run): Baton never falls back to the SDK's default provider.`,
    );
  }
  return app;
}

export { messageOf };
