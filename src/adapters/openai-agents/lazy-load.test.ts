import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdapter } from '../create-adapter.ts';

// Importing @openai/agents installs its exporter, which creates the SDK's global trace provider
// under this symbol: its absence means the SDK has not been loaded.
const SDK_LOADED = Symbol.for('openai.agents.core.traceProvider');
const sdkLoaded = () => (globalThis as Record<symbol, unknown>)[SDK_LOADED] !== undefined;

describe('loading the OpenAI Agents SDK', () => {
  it('waits until an openai-agents adapter is set up: other suites never load it', async () => {
    const suite = join(resolve('src/adapters/openai-agents/fixtures/apps'), 'suite.yaml');
    const adapter = await createAdapter(
      { type: 'openai-agents', path: './scripted-app.ts', options: {} },
      suite,
    );
    const beforeSetup = sdkLoaded();

    await adapter.setup?.();
    const afterSetup = sdkLoaded();
    await adapter.teardown?.();

    expect([beforeSetup, afterSetup]).toEqual([false, true]);
  });
});
