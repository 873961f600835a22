import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BatonError } from '../../errors.ts';
import type { AgentsApp, AgentsAppFactory, AgentsCaseInfo } from './app.ts';

/** Loads the app module a suite names and returns its factory (`default` or `createAgentsApp`). */
export async function loadAppFactory(
  file: string,
  given: string,
  suiteFile: string,
): Promise<AgentsAppFactory> {
  if (!existsSync(file)) {
    throw new BatonError(
      'adapter.load',
      `Failed to load the agents app ${given}: no file at ${file}. Fix adapter.path in ${suiteFile} (it is relative to the suite file).`,
    );
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new BatonError(
      'adapter.load',
      `Failed to load the agents app ${given}: ${messageOf(error)}. Fix the module, then run again.`,
    );
  }
  const factory = mod.default ?? mod.createAgentsApp;
  if (typeof factory !== 'function') {
    throw new BatonError(
      'adapter.load',
      `Failed to load the agents app ${given}: it exports no factory. Export \`default\` or \`createAgentsApp\` as defineAgentsApp((options, info) => ({ startingAgent, model })).`,
    );
  }
  return factory as AgentsAppFactory;
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
      `Failed to start the agents app ${given} for case ${info.id}: its factory threw ${messageOf(error)}.`,
    );
  }
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

export function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
