import type { Capture } from '../capture/capture.ts';
import { enabledChecks } from '../checks/registry.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import type { Case } from '../model/labelled-case.ts';
import { runCaseOnce } from '../run/run-case.ts';
import type { Adapter } from './adapter.ts';

/**
 * Test helper: sets the adapter up, runs one case through it with every default check, and tears
 * it down again, as a one-case run does. Not part of the public API.
 */
export async function judgeOneCase(
  adapter: Adapter,
  testCase: Case,
  capture: Capture,
  timeoutMs = 20_000,
): Promise<CaseRun> {
  await adapter.setup?.();
  try {
    return await runCaseOnce(testCase, 0, {
      adapter,
      capture,
      checks: enabledChecks({}),
      timeoutMs,
    });
  } finally {
    await adapter.teardown?.();
  }
}
