import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import { EffectsConfig } from '../model/effects-config.ts';
import type { Labels } from '../model/labelled-case.ts';
import { newCaseState } from './case-state.ts';
import { allCommitted, awaitLateCommits, expectedCommits, LATE_COMMIT_MS } from './late-commits.ts';
import { adapterOf, asAgent, runCase, spansOf, testCase } from './test-support.ts';
import { withHttpEffects } from './with-http-effects.ts';

const REFUNDS = 'https://payments.test/refunds';

const labels = (...effects: { effect: string; key: string; times: number }[]): Labels => ({
  handoffs: [],
  effects,
});

describe('expectedCommits and allCommitted', () => {
  it('owes the commits of declared endpoints that labels expect at least once, summed per key', () => {
    const owed = expectedCommits(
      labels(
        { effect: 'refund', key: 'A-1', times: 1 },
        { effect: 'refund', key: 'A-1', times: 1 },
        { effect: 'refund', key: 'A-2', times: 0 },
        { effect: 'email', key: 'A-1', times: 1 },
      ),
      new Set(['refund']),
    );
    expect([...owed]).toEqual([['refund\0A-1', 2]]);
    expect(allCommitted(owed, new Map([['refund\0A-1', 1]]))).toBe(false);
    expect(allCommitted(owed, new Map([['refund\0A-1', 2]]))).toBe(true);
  });
});

describe('awaitLateCommits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const state = () =>
    newCaseState({
      caseId: 'c',
      repeat: 0,
      context: ROOT_CONTEXT,
      tracer: trace.getTracer('test'),
      faults: [],
      cassette: undefined,
    });
  const owed = new Map([['refund\0A-1', 1]]);
  const never = () => new AbortController().signal;

  it('returns at once when nothing is owed', async () => {
    const s = state();
    s.commits.set('refund\0A-1', 1);
    await awaitLateCommits(s, owed, never);
    await awaitLateCommits(s, new Map(), never);
    expect(s.onCommit).toBeUndefined();
  });

  it('ends when the owed commit comes, and no later than its wait', async () => {
    vi.useFakeTimers();
    const s = state();
    let ended = false;
    const waiting = awaitLateCommits(s, owed, never).then(() => {
      ended = true;
    });
    s.commits.set('refund\0A-2', 1);
    s.onCommit?.();
    await Promise.resolve();
    expect(ended).toBe(false);
    s.commits.set('refund\0A-1', 1);
    s.onCommit?.();
    await waiting;
    expect(ended).toBe(true);
    expect(s.onCommit).toBeUndefined();

    const other = state();
    const gaveUp = awaitLateCommits(other, owed, never);
    await vi.advanceTimersByTimeAsync(LATE_COMMIT_MS);
    await gaveUp;
    expect(other.onCommit).toBeUndefined();
  });

  it("ends when the case's signal aborts", async () => {
    const abort = new AbortController();
    const waiting = awaitLateCommits(state(), owed, () => abort.signal, 60_000);
    abort.abort();
    await waiting;
  });
});

describe('a commit the implementation did not wait for', () => {
  const effects = EffectsConfig.parse({
    endpoints: [{ name: 'refund', url: REFUNDS, identity: { body: 'order_id' }, owner: 'refunds' }],
  });

  it('still counts for its case when the labels expect it', async () => {
    const adapter = withHttpEffects(
      adapterOf(() =>
        asAgent('refunds', async () => {
          // Sent after the step returned, without waiting: a background job.
          setTimeout(() => {
            const body = JSON.stringify({ order_id: 'A-1' });
            void fetch(REFUNDS, { method: 'POST', body }).catch(() => {});
          }, 5);
        }),
      ),
      // A wait no timer of the implementation's outlasts, however loaded the machine.
      { effects, suiteFaults: [], suiteDir: '.', lateCommitMs: 600_000 },
    );
    const c = { ...testCase('late'), labels: labels({ effect: 'refund', key: 'A-1', times: 1 }) };
    await adapter.setup?.();
    try {
      const { spans, error } = await runCase(adapter, c);
      expect(error).toBeUndefined();
      const effectsSeen = spansOf(spans, EVENT.effect).map((s) => [
        s.attributes[ATTR.effectKey],
        s.attributes[ATTR.effectOutcome],
      ]);
      expect(effectsSeen).toEqual([['A-1', 'committed']]);
    } finally {
      await adapter.teardown?.();
    }
  });
});
