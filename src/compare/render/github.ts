import { type Annotation, annotationCommand, type GithubOptions } from '../../report/github.ts';
import type { CaseChange, CompareReport } from '../compare-report.ts';
import { gateActual, gateThreshold } from './gate-text.ts';
import { casesOf, repeatsNote } from './metric-text.ts';

/**
 * GitHub Actions workflow commands for a comparison: one `::error` per case that broke (on its
 * case file, with the candidate's findings) or errored, and one per failed gate.
 */
export function renderCompareAnnotations(
  report: CompareReport,
  options: GithubOptions = {},
): string {
  const { baseline, candidate } = report;
  const annotations: Annotation[] = [
    ...casesOf(report, 'broke').map((c) =>
      caseAnnotation(c, `broke under ${candidate.name}`, findingsText(c, 'candidate')),
    ),
    ...casesOf(report, 'errored').map((c) => {
      const side = c.candidate?.status === 'error' ? candidate.name : baseline.name;
      return caseAnnotation(c, `errored under ${side}`, `no verdict to compare: ${c.title}`);
    }),
    ...report.gates
      .filter((g) => !g.passed)
      .map((g) => ({
        ...(candidate.file !== undefined && { file: candidate.file }),
        title: `Baton compare: gate ${g.name} failed`,
        message: `${g.name} ${gateThreshold(g)}, actual ${gateActual(g)} (${candidate.name} against ${baseline.name})`,
      })),
  ];
  const root = options.root ?? '';
  return annotations.map((a) => `${annotationCommand(a, root)}\n`).join('');
}

function caseAnnotation(c: CaseChange, what: string, message: string): Annotation {
  return {
    ...(c.file !== undefined && { file: c.file }),
    title: `Baton compare: ${c.id} ${what}`,
    message,
  };
}

function findingsText(c: CaseChange, side: 'baseline' | 'candidate'): string {
  const lines = (c[side]?.findings ?? []).map(
    (f) => `${f.step === undefined ? '' : `step ${f.step} `}${f.code}: ${f.message}`,
  );
  const note = repeatsNote(c, side);
  return [...lines, ...(note === undefined ? [] : [note])].join('\n') || c.title;
}
