import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, REPO, readReport, runCli, tempDir } from './helpers.ts';

/** One CLI run of a suite: what it printed and exited with, and the report.json it wrote. */
interface Run {
  readonly result: CliResult;
  readonly stdout: string;
  readonly report: RunReport;
}

let out: { path: string; remove: () => Promise<void> };
let idempotent: Run;
let naive: Run;
let analytics: Run;
let loopback: { run: Run; received: string[]; url: string };
let lease: Run;
let noLease: Run;
let mixed: Run;

async function run(name: string, suiteFile: string): Promise<Run> {
  const dir = join(out.path, name);
  const result = await runCli(['run', suiteFile, '--out', dir]);
  return {
    result,
    stdout: plain(result.stdout),
    report: await readReport(join(dir, 'report.json')),
  };
}

const suite = (name: string) => run(name, `suites/${name}.yaml`);

/**
 * refunds-analytics with its ratings URL pointed at a server of our own on loopback, which the
 * suite does not allow either: whatever reaches the server was sent, so nothing may.
 */
async function analyticsOnLoopback() {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.end('{}');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/ratings`;
  const suiteText = await readFile(join(REPO, 'suites/refunds-analytics.yaml'), 'utf8');
  const config = parse(suiteText);
  const fromTemp = (path: string) => relative(out.path, join(REPO, 'suites', path));
  config.name = 'refunds-analytics-loopback';
  config.cases.include = config.cases.include.map(fromTemp);
  config.adapter.path = fromTemp(config.adapter.path);
  config.adapter.options.ratings_url = url;
  const file = join(out.path, 'refunds-analytics-loopback.yaml');
  await writeFile(file, stringify(config));
  try {
    return { run: await run('loopback', file), received, url };
  } finally {
    await new Promise((closed) => server.close(closed));
  }
}

// Seven CLI runs, side by side, once for every test below.
beforeAll(async () => {
  out = await tempDir();
  [idempotent, naive, analytics, loopback, lease, noLease, mixed] = await Promise.all([
    suite('refunds-idempotent'),
    suite('refunds-naive'),
    suite('refunds-analytics'),
    analyticsOnLoopback(),
    suite('ticket-race-lease'),
    suite('ticket-race-no-lease'),
    suite('ticket-race-mixed'),
  ]);
}, 120_000);
afterAll(() => out.remove());

interface Seen {
  readonly effect?: string;
  readonly key?: string;
  readonly times?: number;
  readonly agents?: string[];
  readonly owners?: string[];
  readonly from?: string;
  readonly to?: string;
  readonly method?: string;
  readonly url?: string;
  readonly agent?: string;
}

/** What a user checks in a finding, in one line: the effect and its count, the owners, the edge. */
function summary(code: string, o: Seen): string {
  if (code.startsWith('effect.') && o.effect !== undefined) {
    return `${o.effect} ${o.key} ×${o.times} by [${o.agents?.join(', ')}]`;
  }
  if (code === 'effect.unexpected_host') return `${o.agent}: ${o.method} ${o.url}`;
  if (code === 'ownership.double_owner') return `[${o.owners?.join(', ')}]`;
  if (o.from !== undefined) return `${o.from} → ${o.to}`;
  return '';
}

/** Every failing finding as `case step code summary`, sorted (`-` when it has no step). */
function failing(report: RunReport): string[] {
  return report.cases
    .flatMap((c) =>
      c.findings
        .filter((f) => f.outcome === 'fail')
        .map((f) =>
          `${c.id} ${f.step ?? '-'} ${f.code} ${summary(f.code, (f.observed ?? {}) as Seen)}`.trim(),
        ),
    )
    .sort();
}

const statuses = (report: RunReport) =>
  Object.fromEntries(report.cases.map((c) => [c.id, c.status]));
const failedGates = (report: RunReport) =>
  report.gates
    .filter((g) => !g.passed)
    .map((g) => `${g.name} ${Math.round(g.actual * 1000) / 1000}`);
const verdict = (r: Run) => lines(r.stdout).at(-2);

describe('refunds-idempotent: claim, one key per order, same-key retries', () => {
  it('exits 0: under a lost answer, a flapping gateway and a duplicated handoff, every case passes', () => {
    expect(idempotent.result.code).toBe(0);
    expect(verdict(idempotent)).toBe('PASS  7 cases · 7 passed · 0 failed · 0 errored · gates 8/8');
    expect(failing(idempotent.report)).toEqual([]);
  });

  it('judged all 14 identities (7 orders × refund, email): none twice, none of the 3 forbidden', () => {
    // The three `times: 0` labels are judged as forbidden, the other eleven as possible doubles.
    expect(idempotent.report.metrics.byCode['effect.double']).toMatchObject({ count: 0, of: 11 });
    expect(idempotent.report.metrics.byCode['effect.forbidden']).toMatchObject({ count: 0, of: 3 });
  });
});

describe('refunds-naive: no claim, no key, three blind tries', () => {
  it('exits 1 on the effect gates', () => {
    expect(naive.result.code).toBe(1);
    expect(failedGates(naive.report)).toEqual([
      'count(effect.double) 5',
      'count(effect.missing) 1',
      'pass_rate 0.286',
    ]);
  });

  it('refunds twice after a lost answer, and acts twice on a duplicated handoff, always as refunds', () => {
    expect(failing(naive.report)).toEqual([
      'refund-120-under-limit 1 effect.double refund A-1001 ×2 by [refunds]',
      'refund-750-approved 1 effect.double refund A-1002 ×2 by [refunds]',
      'refund-duplicated-handoff 0 effect.double email A-1006 ×2 by [refunds]',
      'refund-duplicated-handoff 0 effect.double refund A-1006 ×3 by [refunds]',
      'refund-gateway-503 - effect.missing email A-1005 ×0 by []',
      'refund-gateway-503 0 handoff.hops_exceeded',
      'refund-gateway-503 0 handoff.unneeded refunds → supervisor',
      'refund-rated-five-stars 0 effect.double refund A-1007 ×2 by [refunds]',
    ]);
  });

  it('prints the double refund under its case, at its step', () => {
    const block = naive.stdout.split('✗ FAIL  refund-120-under-limit')[1]?.split('✗ FAIL')[0];

    expect(block).toContain(
      'step 1  effect.double  refund A-1001 committed 2 times (by refunds); expected once',
    );
  });

  it('still passes the cases where no payment is made', () => {
    expect(statuses(naive.report)).toMatchObject({
      'refund-900-rejected': 'pass',
      'parcel-status-no-refund': 'pass',
    });
  });
});

describe('refunds-analytics: ratings posted to a host the suite does not declare', () => {
  it('exits 1 with one effect.unexpected_host, on the rating step, by refunds', () => {
    expect(analytics.result.code).toBe(1);
    expect(failing(analytics.report)).toEqual([
      'refund-rated-five-stars 1 effect.unexpected_host refunds: POST https://analytics.example.com/v1/ratings',
    ]);
    expect(analytics.stdout).toContain(
      'analytics.example.com is not an allowed host (refused, never sent)',
    );
  });

  it('never sends the refused request: a listening server on loopback receives nothing', () => {
    const { run: r, received, url } = loopback;

    expect(r.result.code).toBe(1);
    expect(failing(r.report)).toEqual([
      `refund-rated-five-stars 1 effect.unexpected_host refunds: POST ${url}`,
    ]);
    expect(received).toEqual([]);
  });
});

describe('ticket-race: two agents, one ticket, seeded orders', () => {
  it('with leases checked, exits 0 in every order', () => {
    expect(lease.result.code).toBe(0);
    expect(verdict(lease)).toBe('PASS  4 cases · 4 passed · 0 failed · 0 errored · gates 5/5');
  });

  it('with claims only written down, both reply in every order, and the order shows', () => {
    expect(noLease.result.code).toBe(1);
    expect(failedGates(noLease.report)).toEqual([
      'count(effect.double) 5',
      'count(ownership.double_owner) 5',
      'pass_rate 0',
    ]);
    const seeds = failing(noLease.report).filter((f) => f.startsWith('double-charge-'));
    expect(seeds).toEqual([
      'double-charge-seed-1 0 effect.double reply T-5521/0 ×2 by [refunds, billing]',
      'double-charge-seed-1 0 ownership.double_owner [refunds, billing]',
      'double-charge-seed-2 0 effect.double reply T-5521/0 ×2 by [billing, refunds]',
      'double-charge-seed-2 0 ownership.double_owner [billing, refunds]',
      'double-charge-seed-3 0 effect.double reply T-5521/0 ×2 by [billing, refunds]',
      'double-charge-seed-3 0 ownership.double_owner [billing, refunds]',
    ]);
  });

  it('with one agent checking, fails only the seeds where the checking agent starts first', () => {
    expect(mixed.result.code).toBe(1);
    expect(statuses(mixed.report)).toEqual({
      'double-charge-seed-1': 'pass',
      'double-charge-seed-2': 'fail',
      'double-charge-seed-3': 'fail',
      'follow-up-seed-6': 'pass',
    });
    expect(failing(mixed.report)).toEqual([
      'double-charge-seed-2 0 effect.double reply T-5521/0 ×2 by [billing, refunds]',
      'double-charge-seed-2 0 ownership.double_owner [billing, refunds]',
      'double-charge-seed-3 0 effect.double reply T-5521/0 ×2 by [billing, refunds]',
      'double-charge-seed-3 0 ownership.double_owner [billing, refunds]',
    ]);
  });
});
