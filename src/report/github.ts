import { stripVTControlCharacters } from 'node:util';
import { type CaseResult, gateName, type StreamedReport } from '../model/report.ts';
import { problems } from './format.ts';
import { brokenProperties, replayCommand } from './property-lines.ts';

/** Where report paths (relative to the working directory) sit inside the repository. */
export interface GithubOptions {
  /** The working directory relative to the repository root: `''` when Baton runs at the root. */
  readonly root?: string;
}

// Escaping as GitHub's own toolkit does it for workflow commands.
function data(text: string): string {
  return stripVTControlCharacters(text)
    .replaceAll('%', '%25')
    .replaceAll('\r', '%0D')
    .replaceAll('\n', '%0A');
}

function property(text: string): string {
  return data(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/** One `::error` workflow command: where it points, its title and its message. */
export interface Annotation {
  readonly file?: string;
  readonly line?: number;
  readonly title: string;
  readonly message: string;
}

/** The workflow command for `a`, its file joined to `root` (the working directory's place). */
export function annotationCommand(a: Annotation, root: string): string {
  const params = [
    ...(a.file === undefined ? [] : [`file=${property(joinPath(root, a.file))}`]),
    ...(a.line === undefined ? [] : [`line=${a.line}`]),
    `title=${property(a.title)}`,
  ];
  return `::error ${params.join(',')}::${data(a.message)}`;
}

function joinPath(root: string, file: string): string {
  const path = file.replaceAll('\\', '/');
  return root === '' || root === '.' ? path : `${root.replace(/\/$/, '')}/${path}`;
}

function caseAnnotations(c: CaseResult): Annotation[] {
  const out: Annotation[] = [];
  if (c.error !== undefined) {
    const line = c.findings.find((f) => f.code === 'case.error')?.line;
    out.push({
      ...(c.file !== undefined && { file: c.file }),
      ...(line !== undefined && { line }),
      title: `Baton: ${c.id} errored (${c.error.code})`,
      message: c.error.message,
    });
  }
  for (const f of problems(c)) {
    out.push({
      ...(c.file !== undefined && { file: c.file }),
      ...(f.line !== undefined && { line: f.line }),
      title: `Baton: ${f.code} in ${c.id}`,
      message: f.message,
    });
  }
  return out;
}

/**
 * GitHub Actions workflow commands: one `::error` annotation per failing finding, on the line of
 * the label it judges in the case file, plus broken properties and failed gates on the suite.
 */
export function renderGithubAnnotations(
  report: StreamedReport,
  options: GithubOptions = {},
): string {
  const suite = report.suite.file;
  const annotations: Annotation[] = [];
  for (const c of report.cases) annotations.push(...caseAnnotations(c));
  for (const p of brokenProperties(report)) {
    const replay = replayCommand(report, p);
    annotations.push({
      file: suite,
      title: `Baton: property ${p.id} ${p.outcome === 'error' ? 'errored' : 'failed'}`,
      message: `${p.message}${replay ? `\nreplay: ${replay}` : ''}`,
    });
  }
  for (const g of report.gates.filter((x) => !x.passed)) {
    annotations.push({
      file: suite,
      title: `Baton: gate ${gateName(g)} failed`,
      message: `${gateName(g)} ${g.threshold}, actual ${g.actual}`,
    });
  }
  const root = options.root ?? '';
  return annotations.map((a) => `${annotationCommand(a, root)}\n`).join('');
}
