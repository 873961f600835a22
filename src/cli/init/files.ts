import { ADAPTER_TEMPLATE } from './adapter-template.ts';
import { AGENTS_TEMPLATE } from './agents-template.ts';
import { GRAPH_TEMPLATE } from './graph-template.ts';

/** One file `baton init` writes, relative to the project folder. */
export interface InitFile {
  readonly path: string;
  readonly text: string;
}

/** The adapters `baton init` scaffolds for: a module of your own, a LangGraph graph, SDK agents. */
export const INIT_ADAPTERS = ['module', 'langgraph', 'openai-agents'] as const;
export type InitAdapter = (typeof INIT_ADAPTERS)[number];

const suite = (
  adapter: string,
  path: string,
) => `# yaml-language-server: $schema=../node_modules/baton-handoffs/schemas/suite.schema.json
# Every path here is relative to this file.
name: handoffs
description: Handoffs of the support desk, case by case.
cases:
  include: [cases/*.yaml]
adapter:
  type: ${adapter}
  path: ${path}
gates:
  - { metric: count, code: handoff.missed, max: 0 }
  - { metric: count, code: handoff.wrong_target, max: 0 }
  - { metric: pass_rate, min: 1 }
  - { metric: errored, max: 0 }
# The project's reports/handoffs, whichever folder baton run is started from.
reports: { dir: ../reports/handoffs }
`;

const refundCase = (
  label: string,
) => `# yaml-language-server: $schema=../../node_modules/baton-handoffs/schemas/case.schema.json
id: refund-goes-to-refunds
title: A refund request is handed from triage to refunds
source: synthetic (replace with an anonymised real conversation)
tags: [capability_boundary]
participants: { agents: [triage, refunds] }
steps:
  - customer: "Hi, I'd like my money back for order A-1001."
expect:
  handoffs:
    - { from: triage, to: refunds, at: 0${label} }
`;

const GREETING_CASE = `# yaml-language-server: $schema=../../node_modules/baton-handoffs/schemas/case.schema.json
id: greeting-stays-with-triage
title: A greeting needs no handoff
source: synthetic (replace with an anonymised real conversation)
tags: [no_handoff]
participants: { agents: [triage, refunds] }
steps:
  - customer: "Hello, are you there?"
expect:
  handoffs: none
`;

const WORKFLOW = `# Runs Baton's handoff suite on every push and pull request; the Markdown report lands in
# the job summary and the reports are kept as an artifact.
name: handoffs
on: [push, pull_request]
jobs:
  baton:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      # The github reporter annotates each failing label and appends the Markdown report to
      # the job summary ($GITHUB_STEP_SUMMARY); a failed gate exits 1 and fails the job.
      - run: npx baton run baton/suite.yaml --reporter console,json,md,html,junit,github --out baton-report
      - if: always()
        uses: actions/upload-artifact@v4
        with:
          name: baton-report
          path: baton-report/
`;

/** Each adapter's module: the file `baton init` writes, and what it holds. */
const ADAPTER_FILES: Readonly<Record<InitAdapter, InitFile>> = {
  module: { path: 'adapter.ts', text: ADAPTER_TEMPLATE },
  langgraph: { path: 'graph.ts', text: GRAPH_TEMPLATE },
  'openai-agents': { path: 'agents.ts', text: AGENTS_TEMPLATE },
};

/**
 * What `baton init` scaffolds: a suite, two labelled cases, the adapter's module (a module of
 * your own, a LangGraph graph, OpenAI Agents SDK agents) and a CI workflow. Only the module
 * adapter's stand-in states a reason: the graph moves the work with `Command({ goto })` and the
 * SDK's handoff carries no arguments, so their refund case labels none.
 */
export function initFiles(adapter: InitAdapter = 'module'): readonly InitFile[] {
  const own = ADAPTER_FILES[adapter];
  return [
    { path: 'baton/suite.yaml', text: suite(adapter, own.path) },
    {
      path: 'baton/cases/refund-goes-to-refunds.yaml',
      text: refundCase(adapter === 'module' ? ', reason: capability_boundary' : ''),
    },
    { path: 'baton/cases/greeting-stays-with-triage.yaml', text: GREETING_CASE },
    { path: `baton/${own.path}`, text: own.text },
    { path: '.github/workflows/handoffs.yml', text: WORKFLOW },
  ];
}
