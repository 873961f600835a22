/**
 * Baton's public API. Importing it has no side effects: span capture starts only when a suite
 * runs (`evaluateSuite`, `runSuite` with `createCapture()`). Contract rules, envelope arbitraries
 * and the property runner (which load fast-check) are in `baton-handoffs/contracts`.
 */

// Adapters and implementations
export type { Adapter, CaseContext, CaseRunOutput } from '../adapters/adapter.ts';
export { createAdapter } from '../adapters/create-adapter.ts';
export {
  type CaseInfo,
  type CaseSession,
  type Delivery,
  defineImplementation,
  type FactoryContext,
  type HandoffImplementation,
  type ImplementationFactory,
} from '../adapters/module/implementation.ts';
export { createModuleAdapter } from '../adapters/module/module-adapter.ts';
export { createTracesAdapter } from '../adapters/traces/traces-adapter.ts';
// Which agent an outbound request belongs to, for frameworks read after the fact
export { type AgentResolver, withAgentResolver } from '../capture/agent-context.ts';
export { type Capture, type CaptureScope, createCapture } from '../capture/capture.ts';
export type { AlignmentCost } from '../checks/alignment-cost.ts';
export { contractConformance } from '../checks/contract-conformance.ts';
export { describeFinding } from '../checks/describe-finding.ts';
export { WRONG_TARGET_REACH } from '../checks/handoff-fit.ts';
export { type HandoffMatch, type Matching, matchHandoffs } from '../checks/match-handoffs.ts';
export { type EnabledCheck, enabledChecks, runChecks } from '../checks/registry.ts';
export { type CompareReport, CompareReportSchema } from '../compare/compare-report.ts';
export { type CompareOptions, compareRuns } from '../compare/compare-runs.ts';
export { renderCompareConsole } from '../compare/render/console.ts';
export { renderCompareJson, renderCompareJsonChunks } from '../compare/render/json.ts';
export { renderCompareMarkdown } from '../compare/render/markdown.ts';
export { resampleWeights } from '../compare/stats/bootstrap.ts';
export { exactMcNemar, minimumDiscordant } from '../compare/stats/mcnemar.ts';
export { comparePaired, type PairedMetric } from '../compare/stats/paired-metric.ts';
// Comparing two runs (docs/compare.md): pure, reusable statistics and renderers
export { canIDeploy, type DeployVerdict } from '../compat/can-i-deploy.ts';
export { type Cell, compatibilityMatrix } from '../compat/matrix.ts';
export { checkEnvelope, formatIssuePath } from '../contracts/check-envelope.ts';
export { contractFor, validateContracts } from '../contracts/contract-for.ts';
// Envelope contracts (rules and property tests: baton-handoffs/contracts)
export { type ContractSpec, defineContract } from '../contracts/define-contract.ts';
export {
  PROPERTY_NAMES,
  type PropertyName,
  type PropertyResult,
} from '../contracts/properties/property-result.ts';
export type {
  Contract,
  ContractIssue,
  Edge,
  Envelope,
  Mutation,
  NegotiationOutcome,
  NegotiationRequest,
  ReceiveOutcome,
  Receiver,
  Rule,
  ValidationContext,
} from '../contracts/types.ts';
export { YamlContractInput } from '../contracts/yaml-contract-input.ts';
export { ATTR, EVENT, GENAI, HTTP } from '../conventions/attributes.ts';
export { withSuiteHttpEffects } from '../effects/suite-effects.ts';
// Side effects over HTTP (msw), faults and cassettes
export { withHttpEffects } from '../effects/with-http-effects.ts';
export { BatonError, type BatonErrorCode, type FileProblem } from '../errors.ts';
// Loading files
export { loadCaseFile } from '../load/load-case.ts';
export { loadSuiteFile } from '../load/load-suite.ts';
export { selectCases } from '../load/select-cases.ts';
// Merging the reports of shards (`baton run --shard i/n`) into one run's report
export { mergeReports, type ShardReport } from '../merge/merge-reports.ts';
export { type MergedVariants, mergeVariantShards } from '../merge/merge-variants.ts';
export { type Cluster, clusteredRate } from '../metrics/clustered-rate.ts';
export { computeMetrics } from '../metrics/compute-metrics.ts';
export { wilson } from '../metrics/wilson.ts';
export { CaseInput } from '../model/case.ts';
export { FINDING_CODES, type Finding, type FindingCode, type Outcome } from '../model/finding.ts';
// Types
export type {
  Case,
  ExpectedHandoff,
  ExpectedToolCall,
  Labels,
  ToolMatchMode,
  ToolTrajectory,
} from '../model/labelled-case.ts';
export type * from '../model/report.ts';
export { REPORT_SCHEMA_VERSION } from '../model/report.ts';
export { describeStep, type Step, type StepKind } from '../model/step.ts';
export { type GateConfig, type Suite, SuiteInput } from '../model/suite.ts';
// Tool calls that are effects (a suite's effects.tools), as a pure step after normalize()
export { withToolEffects } from '../normalize/tool-effects.ts';
// Reports
export { type ConsoleOptions, renderConsole } from '../report/console.ts';
export { type GithubOptions, renderGithubAnnotations } from '../report/github.ts';
export { type HtmlOptions, renderHtml } from '../report/html/render-html.ts';
export { parseReport, renderJson } from '../report/json.ts';
export { renderJunit, renderJunitChunks } from '../report/junit.ts';
export { renderMarkdown } from '../report/markdown.ts';
export { DEFAULT_GATES, evaluateGates } from '../run/gates.ts';
export { type RunPlan, runSuite } from '../run/run-suite.ts';
// Span conventions
export {
  emitAccept,
  emitDecision,
  emitHandoff,
  emitQuestion,
  emitReject,
  type HandoffSpec,
  type QuestionSpec,
  type RejectionSpec,
  withAgentTurn,
} from './conventions.ts';
export { type ClaimSpec, claimWork, type EffectSpec, emitEffect, releaseWork } from './effects.ts';
// Running suites
export { type EvaluateOptions, type Evaluation, evaluateSuite } from './evaluate.ts';
export { emitToolCall, type ToolCallSpec, withToolCall } from './tool-calls.ts';
// The pure core: normalisation (with the trace reader and timeline types: baton-handoffs/traces),
// checks, metrics
export * from './traces.ts';
