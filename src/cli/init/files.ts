import { ADAPTER_TEMPLATE } from './adapter-template.ts';
import { AGENTS_TEMPLATE } from './agents-template.ts';
import { GRAPH_TEMPLATE } from './graph-template.ts';
import { SERVICE_TEMPLATE } from './service-template.ts';

/** One file `baton init` writes, relative to the project folder. */
export interface InitFile {
  readonly path: string;
  readonly text: string;
}

/**
 * The adapters `baton init` scaffolds for: a module of your own, a LangGraph graph, OpenAI
 * Agents SDK agents, or a service Baton sends each step to over HTTP.
 */
export const INIT_ADAPTERS = ['module', 'langgraph', 'openai-agents', 'http'] as const;
export type InitAdapter = (typeof INIT_ADAPTERS)[number];

const suite = (
  adapter: string,
) => `# yaml-language-server: $schema=../node_modules/baton-handoffs/schemas/suite.schema.json
# Every path here is relative to this file.
name: handoffs
description: Handoffs of the support desk, case by case.
cases:
  include: [cases/*.yaml]
adapter:
${adapter}gates:
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

/** Each adapter's file (what `baton init` writes beside the suite) and the suite's adapter block. */
const ADAPTER_FILES: Readonly<Record<InitAdapter, InitFile & { readonly block: string }>> = {
  module: { path: 'adapter.ts', text: ADAPTER_TEMPLATE, block: typed('module', 'adapter.ts') },
  langgraph: { path: 'graph.ts', text: GRAPH_TEMPLATE, block: typed('langgraph', 'graph.ts') },
  'openai-agents': {
    path: 'agents.ts',
    text: AGENTS_TEMPLATE,
    block: typed('openai-agents', 'agents.ts'),
  },
  http: {
    path: 'service.mjs',
    text: SERVICE_TEMPLATE,
    block: `  type: http
  url: http://127.0.0.1:{{port}}/turn
  # Baton starts the service (in this folder) and stops it after the last case.
  start: { command: node, args: [service.mjs], env: { PORT: "{{port}}" } }
  # The service's answers say where the work went; with spans exported, leave this out.
  decision: { from: response, handoff_to: handoff.to, reason: handoff.reason }
`,
  },
};

function typed(type: string, path: string): string {
  return `  type: ${type}\n  path: ${path}\n`;
}

/**
 * What `baton init` scaffolds: a suite, two labelled cases, the adapter's file (a module of your
 * own, a LangGraph graph, OpenAI Agents SDK agents, a service) and a CI workflow. The graph moves
 * the work with `Command({ goto })` and the SDK's handoff carries no arguments, so their refund
 * case labels no reason; the module's and the service's state one.
 */
const STATES_REASON: ReadonlySet<InitAdapter> = new Set(['module', 'http']);

export function initFiles(adapter: InitAdapter = 'module'): readonly InitFile[] {
  const own = ADAPTER_FILES[adapter];
  return [
    { path: 'baton/suite.yaml', text: suite(own.block) },
    {
      path: 'baton/cases/refund-goes-to-refunds.yaml',
      text: refundCase(STATES_REASON.has(adapter) ? ', reason: capability_boundary' : ''),
    },
    { path: 'baton/cases/greeting-stays-with-triage.yaml', text: GREETING_CASE },
    { path: `baton/${own.path}`, text: own.text },
    { path: '.github/workflows/handoffs.yml', text: WORKFLOW },
  ];
}
