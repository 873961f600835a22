import { isAbsolute, resolve } from 'node:path';
import { defineGraphApp } from 'baton-handoffs/langgraph';
import { buildDesk } from './desk.ts';
import { loadPlaybook } from './playbook.ts';

/**
 * The module `suites/langgraph.yaml` loads: the support desk swarm under the playbook that
 * `adapter.options.playbook` names. One graph serves every case; each case runs on its own thread.
 */
export default defineGraphApp(async (options, { suiteDir }) => {
  const playbook = await loadPlaybook(playbookPath(options.playbook, suiteDir));
  return {
    graph: buildDesk(playbook),
    agents: Object.keys(playbook.agents),
    persons: [playbook.person],
  };
});

export function playbookPath(given: unknown, suiteDir: string): string {
  if (typeof given !== 'string' || given === '') {
    throw new Error(
      'Failed to start the LangGraph desk: adapter.options.playbook is missing. Set it to a playbook file, e.g. `playbook: ../examples/langgraph/playbook.yaml`.',
    );
  }
  return isAbsolute(given) ? given : resolve(suiteDir, given);
}
