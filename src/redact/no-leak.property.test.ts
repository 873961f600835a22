import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import type { Adapter } from '../adapters/adapter.ts';
import { createCapture } from '../capture/capture.ts';
import { defineContract } from '../contracts/define-contract.ts';
import type { Case } from '../model/labelled-case.ts';
import { SuiteInput } from '../model/suite.ts';
import { emitHandoff } from '../public/conventions.ts';
import { renderConsole } from '../report/console.ts';
import { renderGithubAnnotations } from '../report/github.ts';
import { renderHtml } from '../report/html/render-html.ts';
import { renderJson } from '../report/json.ts';
import { renderJunit } from '../report/junit.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { runSuite } from '../run/run-suite.ts';

const alnum = (n: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${n}}$`));
const upper = (n: number) => fc.stringMatching(new RegExp(`^[A-Z0-9]{${n}}$`));

/** A Visa number that passes the Luhn check: 15 random digits and the check digit. */
const card = fc.stringMatching(/^4[0-9]{14}$/).map((body) => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
});

/** Secrets of the shapes Baton knows, each with a random body. */
const shaped = fc.oneof(
  alnum(24).map((s) => `sk-live-${s}`),
  alnum(24).map((s) => `sk-ant-api03-${s}`),
  upper(16).map((s) => `AKIA${s}`),
  alnum(36).map((s) => `ghp_${s}`),
  fc.tuple(alnum(12), alnum(16), alnum(20)).map(([a, b, c]) => `eyJ${a}.eyJ${b}.${c}`),
  card,
);

/** Where in the payload the secret goes: a field's value, inside free text, deep in a list. */
function placed(secret: string) {
  return fc.oneof(
    fc.constant<unknown>(secret),
    fc.tuple(fc.lorem(), fc.lorem()).map(([a, b]) => `${a} ${secret}, ${b}`),
    fc.constant<unknown>({ deep: [{ text: `(${secret})` }] }),
  );
}

/** A payload with a shaped secret somewhere and a secret under a secret name. */
const payloads = fc
  .tuple(shaped, alnum(12), fc.constantFrom('order_id', 'note', 'goal', 'items'))
  .chain(([secret, pw, field]) =>
    placed(secret).map((value) => ({
      secrets: [secret, `pw${pw}`],
      payload: { [field]: value, password: `pw${pw}`, reason: 'refund' },
    })),
  );

const CASE: Case = {
  id: 'secret-payload',
  title: 'A handoff whose payload carries secrets',
  source: 'property test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: [],
  entry: 'triage',
  steps: [
    { kind: 'customer', text: 'Refund please.' },
    { kind: 'customer', text: 'Order A-1001.' },
  ],
  labels: {
    handoffs: [
      {
        from: 'triage',
        to: 'refunds',
        window: [1, 1],
        alternatives: [],
        carry: { order_id: 'A-1001' },
      },
    ],
  },
};

// order_id must be a number and unknown fields are refused: every payload breaks the contract,
// and carries the wrong order id, so contract.violation and missing_fact quote what they found.
const contract = defineContract({ to: 'refunds', fields: { order_id: z.number() } });
const config = SuiteInput.parse({
  name: 'no-leak',
  cases: { include: ['*.yaml'] },
  adapter: { type: 'module', path: './unused.ts' },
});
const capture = createCapture();

function handingOff(payload: Record<string, unknown>): Adapter {
  return {
    name: 'secret-payload',
    async runCase(testCase, ctx) {
      for (let i = 0; i < testCase.steps.length; i++)
        await ctx.step(i, () => {
          if (i === 1) emitHandoff({ from: 'triage', to: 'refunds', payload }, ctx.tracer);
        });
      return undefined;
    },
  };
}

describe('no secret reaches a report', () => {
  test.prop([payloads], { numRuns: 60 })(
    'a secret anywhere in a handoff payload appears in no rendered output',
    async ({ secrets, payload }) => {
      const report = await runSuite({
        suite: { name: 'no-leak', file: 'no-leak.yaml', config },
        cases: [CASE],
        adapter: handingOff(payload),
        capture,
        contracts: [contract],
      });
      const codes = report.cases[0]?.findings.map((f) => f.code) ?? [];
      expect(codes).toContain('contract.violation');
      const outputs = [
        renderConsole(report, { color: false, verbose: true }),
        renderJson(report),
        renderMarkdown(report),
        renderJunit(report),
        renderHtml(report),
        renderGithubAnnotations(report),
      ];
      for (const out of outputs) for (const secret of secrets) expect(out).not.toContain(secret);
    },
  );
});
