import { createRequire } from 'node:module';
import type { Builder, TestCase, TestSuite } from 'junit-report-builder';
import type { PropertyResult } from '../contracts/properties/property-result.ts';
import type { CaseResult, ReportFinding, StreamedReport } from '../model/report.ts';
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

function judge(tc: TestCase, v: Verdict, file: string | undefined): void {
  const shown = v.findings.filter(
    (f) => f.outcome !== 'pass' && !(v.error !== undefined && f.code === 'case.error'),
  );
  const details = shown.map((f) => findingLine(f, file)).join('\n');
  if (v.status === 'error') {
    const error = v.error ?? { code: 'case.error', message: shown[0]?.message ?? 'errored' };
    tc.error(xml(error.message), error.code, details || undefined);
  } else if (v.status === 'fail') {
    const first = shown[0];
    const more = shown.length > 1 ? ` (+${shown.length - 1} more)` : '';
    tc.failure(xml(`${first?.message ?? 'failed'}${more}`), first?.code ?? 'fail');
    tc.stacktrace(details);
  }
}

function caseTestCases(builder: Builder, report: StreamedReport): void {
  const suite = builder.testSuite().name(xml(report.suite.name)).timestamp(report.startedAt);
  suite.time(seconds(report.durationMs));
  for (const c of report.cases) {
    const className = xml(c.file ?? report.suite.name);
    const runs = c.runs ?? [];
    const add = (name: string, ms: number, v: Verdict) => {
      const tc = suite.testCase().className(className).name(xml(name)).time(seconds(ms));
      if (c.file !== undefined) tc.file(xml(c.file));
      judge(tc, v, c.file);
    };
    if (runs.length > 1) {
      for (const r of runs)
        add(`${c.id}: ${c.title} [repeat ${r.repeat + 1}/${runs.length}]`, r.durationMs, r);
    } else {
      add(`${c.id}: ${c.title}`, c.durationMs, { ...c, findings: problems(c) });
    }
  }
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

/**
 * The run as JUnit XML for CI test tabs: one test case per case (per repeat when repeated) and
 * per envelope property; failures carry the findings with file and line, errors the error.
 */
export function renderJunit(report: StreamedReport): string {
  const builder = junit()
    .newBuilder()
    .name(xml(`Baton ${report.suite.name}`));
  caseTestCases(builder, report);
  if (report.properties.length > 0) {
    const suite = builder.testSuite().name(xml(`${report.suite.name} properties`));
    const add = propertyCase(suite);
    for (const p of report.properties) add(p, report);
  }
  return `${builder.build()}\n`;
}
