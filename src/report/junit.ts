import { createRequire } from 'node:module';
import type { Builder, TestCase, TestSuite } from 'junit-report-builder';
import type { PropertyResult } from '../contracts/properties/property-result.ts';
import type { CaseResult, ReportFinding, StreamedReport } from '../model/report.ts';
import { runName } from '../model/report.ts';
import { problems, stepLabel } from './format.ts';
import { exampleText, replayCommand } from './property-lines.ts';

// Required on first use, not at import: the builder (and lodash behind it) is large, and the
// package root re-exports this renderer to every implementation that imports span helpers. Its
// types declare an ES default export; at run time module.exports is the builder.
let junitBuilder: Builder | undefined;
function junit(): Builder {
  junitBuilder ??= createRequire(import.meta.url)('junit-report-builder') as Builder;
  return junitBuilder;
}

// XML 1.0 allows no control characters but tab and newlines; an adapter's error text may hold
// terminal escapes, which would make the builder throw and lose the report.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD');
}

function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

/** `cases/refund.yaml:14  step 3  handoff.late  refunds → supervisor …` */
function findingLine(f: ReportFinding, file: string | undefined): string {
  const where = file === undefined ? '' : `${file}${f.line === undefined ? '' : `:${f.line}`}  `;
  return xml(`${where}${stepLabel(f.step)}  ${f.code}  ${f.message}`);
}

interface Verdict {
  readonly status: CaseResult['status'];
  readonly findings: readonly ReportFinding[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** What a verdict becomes in JUnit: an error, a failure, or a passing test case. */
function junitOutcome(v: Verdict): 'error' | 'failure' | 'pass' {
  return v.status === 'error' ? 'error' : v.status === 'fail' ? 'failure' : 'pass';
}

function judge(tc: TestCase, v: Verdict, file: string | undefined): void {
  const shown = v.findings.filter(
    (f) => f.outcome !== 'pass' && !(v.error !== undefined && f.code === 'case.error'),
  );
  const details = shown.map((f) => findingLine(f, file)).join('\n');
  const outcome = junitOutcome(v);
  if (outcome === 'error') {
    const error = v.error ?? { code: 'case.error', message: shown[0]?.message ?? 'errored' };
    tc.error(xml(error.message), error.code, details || undefined);
  } else if (outcome === 'failure') {
    const first = shown[0];
    const more = shown.length > 1 ? ` (+${shown.length - 1} more)` : '';
    tc.failure(xml(`${first?.message ?? 'failed'}${more}`), first?.code ?? 'fail');
    tc.stacktrace(details);
  }
}

/** A case's JUnit verdicts with their names and times: one, or one a repeat when repeated. */
function* caseVerdicts(c: CaseResult): Generator<{ name: string; ms: number; v: Verdict }> {
  const runs = c.runs ?? [];
  if (runs.length > 1) {
    for (const r of runs)
      yield {
        name: `${c.id}: ${c.title} [repeat ${r.repeat + 1}/${runs.length}]`,
        ms: r.durationMs,
        v: r,
      };
  } else
    yield { name: `${c.id}: ${c.title}`, ms: c.durationMs, v: { ...c, findings: problems(c) } };
}

/** A case's test cases; a variant's carry it in their class name, apart from the other variant's. */
function addCase(suite: TestSuite, c: CaseResult, suiteName: string, variant?: string): void {
  const where = c.file ?? suiteName;
  const className = xml(
    variant === undefined || c.file === undefined ? where : `${where} (${variant})`,
  );
  for (const { name, ms, v } of caseVerdicts(c)) {
    const tc = suite.testCase().className(className).name(xml(name)).time(seconds(ms));
    if (c.file !== undefined) tc.file(xml(c.file));
    judge(tc, v, c.file);
  }
}

/**
 * The run's name in the document: a variant's run carries its variant, so that a CI test view
 * collecting every junit.xml tells the two variants of one suite apart.
 */
function caseSuite(builder: Builder, report: StreamedReport): TestSuite {
  return builder
    .testSuite()
    .name(xml(runName(report)))
    .timestamp(report.startedAt)
    .time(seconds(report.durationMs));
}

function caseTestCases(builder: Builder, report: StreamedReport): void {
  const suite = caseSuite(builder, report);
  for (const c of report.cases) addCase(suite, c, runName(report), report.suite.variant);
}

function propertyCase(suite: TestSuite) {
  return (p: PropertyResult, report: StreamedReport) => {
    const tc = suite
      .testCase()
      .className(xml(`${p.from} → ${p.to}`))
      .name(xml(p.id));
    const replay = replayCommand(report, p);
    const details = [
      `seed ${p.seed}${p.path ? `  path ${p.path}` : ''}  after ${p.numRuns} runs`,
      ...(exampleText(p) ? [`counterexample ${exampleText(p)}`] : []),
      ...(replay ? [`replay: ${replay}`] : []),
    ].join('\n');
    if (p.outcome === 'fail') tc.failure(xml(p.message), p.code ?? 'fail').stacktrace(xml(details));
    if (p.outcome === 'error') tc.error(xml(p.message), 'property.error', xml(details));
    if (p.outcome === 'skip') tc.skipped().standardOutput(xml(p.message));
  };
}

/** A builder named for the run, holding its case suite (filled by `cases`) and its properties. */
function runBuilder(report: StreamedReport, cases: (builder: Builder) => void): Builder {
  const builder = junit()
    .newBuilder()
    .name(xml(`Baton ${runName(report)}`));
  cases(builder);
  if (report.properties.length > 0) {
    const suite = builder.testSuite().name(xml(`${runName(report)} properties`));
    const add = propertyCase(suite);
    for (const p of report.properties) add(p, report);
  }
  return builder;
}

/**
 * The run as JUnit XML for CI test tabs: one test case per case (per repeat when repeated) and
 * per envelope property; failures carry the findings with file and line, errors the error.
 * The whole document is built in memory; `renderJunitChunks` writes a large run in pieces.
 */
export function renderJunit(report: StreamedReport): string {
  return `${runBuilder(report, (b) => caseTestCases(b, report)).build()}\n`;
}

/** Cases rendered by one builder at a time in `renderJunitChunks`. */
export const JUNIT_BATCH = 1000;

const EMPTY_COUNTS = ' tests="0" failures="0" errors="0" skipped="0"';
const COUNTS = / tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)">$/;

/**
 * The same document as `renderJunit`, byte for byte, in pieces: the builder (and every element
 * it makes) holds `batch` cases at a time, not all of them, and the cases are read one at a time
 * (twice: once to count them for the suite's totals, which come first in the file). The counts
 * are the builder's own rule (a test case with an error or a failure); every name and attribute
 * is still escaped by the builder.
 */
export function* renderJunitChunks(report: StreamedReport, batch = JUNIT_BATCH): Generator<string> {
  if (report.cases.length <= batch) {
    yield renderJunit(report);
    return;
  }
  const counts = { tests: 0, failures: 0, errors: 0 };
  for (const c of report.cases)
    for (const { v } of caseVerdicts(c)) {
      counts.tests++;
      const outcome = junitOutcome(v);
      if (outcome === 'failure') counts.failures++;
      else if (outcome === 'error') counts.errors++;
    }
  // The document without its test cases: the run's line counts the properties only, and the
  // case suite is an empty element, closed at once.
  const lines = runBuilder(report, (b) => void caseSuite(b, report))
    .build()
    .split('\n');
  const [declaration, run, suite, ...rest] = lines;
  const propertyCounts = COUNTS.exec(run ?? '');
  const emptySuite = `${EMPTY_COUNTS}/>`;
  // Another version of the builder may lay its document out otherwise: then it is built whole,
  // as it was before it was written in pieces.
  if (declaration === undefined || !propertyCounts || !suite?.endsWith(emptySuite)) {
    yield renderJunit(report);
    return;
  }
  const [tests, failures, errors, skipped] = propertyCounts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const mine = ` tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="0"`;
  yield `${declaration}\n${run?.slice(0, propertyCounts.index)} tests="${tests + counts.tests}" failures="${failures + counts.failures}" errors="${errors + counts.errors}" skipped="${skipped}">\n`;
  yield `${suite.slice(0, -emptySuite.length)}${mine}>\n`;
  for (const group of inGroups(report.cases, batch))
    yield testCasesOf(group, runName(report), report.suite.variant);
  yield `  </testsuite>\n${rest.join('\n')}\n`;
}

/** The cases `size` at a time, in order. */
function* inGroups(cases: Iterable<CaseResult>, size: number): Generator<CaseResult[]> {
  let group: CaseResult[] = [];
  for (const c of cases) {
    group.push(c);
    if (group.length === size) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}

/**
 * The cases' test case elements as the whole document has them: built in a suite of their own,
 * then cut from after its third line (the declaration, the run, the suite) to its closing tag.
 * No attribute holds a raw newline (the builder escapes them), and the closing tag searched for
 * is the document's last.
 */
function testCasesOf(
  cases: readonly CaseResult[],
  suiteName: string,
  variant: string | undefined,
): string {
  const builder = junit().newBuilder();
  const suite = builder.testSuite();
  for (const c of cases) addCase(suite, c, suiteName, variant);
  const text = builder.build();
  let start = 0;
  for (let line = 0; line < 3; line++) start = text.indexOf('\n', start) + 1;
  return text.slice(start, text.lastIndexOf('  </testsuite>\n'));
}
