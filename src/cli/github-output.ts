import { appendFile } from 'node:fs/promises';
import { relative } from 'node:path';
import type { CompareReport } from '../compare/compare-report.ts';
import type { StreamedReport } from '../model/report.ts';
import type { CliIo } from './io.ts';

/**
 * The GitHub reporter: annotations on standard output (GitHub reads workflow commands there)
 * and the Markdown report appended to the job summary file, when the job has one.
 */
export async function githubOutput(report: StreamedReport, io: CliIo): Promise<void> {
  // Loaded here, not with the module: a run outside GitHub Actions never renders these.
  const [{ renderGithubAnnotations }, { renderMarkdown }] = await Promise.all([
    import('../report/github.ts'),
    import('../report/markdown.ts'),
  ]);
  await emitGithub(
    io,
    (root) => renderGithubAnnotations(report, { root }),
    () => renderMarkdown(report),
  );
}

/** The GitHub reporter for a comparison: its annotations, and compare.md in the job summary. */
export async function githubComparisonOutput(report: CompareReport, io: CliIo): Promise<void> {
  const [{ renderCompareAnnotations }, { renderCompareMarkdown }] = await Promise.all([
    import('../compare/render/github.ts'),
    import('../compare/render/markdown.ts'),
  ]);
  await emitGithub(
    io,
    (root) => renderCompareAnnotations(report, { root }),
    () => renderCompareMarkdown(report),
  );
}

async function emitGithub(
  io: CliIo,
  annotations: (root: string) => string,
  markdown: () => string,
): Promise<void> {
  const env = io.env ?? {};
  const workspace = env.GITHUB_WORKSPACE;
  const root = workspace ? relative(workspace, io.cwd).split('\\').join('/') : '';
  io.stdout(annotations(root));
  const summary = env.GITHUB_STEP_SUMMARY;
  if (!summary) return;
  try {
    await appendFile(summary, `${markdown()}\n`);
  } catch (error) {
    io.stderr(
      `baton: could not append the job summary to ${summary} (${(error as Error).message}); the annotations above still stand.\n`,
    );
  }
}

/** Links to case files in a report read from a CI artifact: the commit's files on GitHub. */
export function githubSourceBase(io: CliIo): string | undefined {
  const env = io.env ?? {};
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_SHA: sha } = env;
  if (env.GITHUB_ACTIONS !== 'true' || !server || !repo || !sha) return undefined;
  const workspace = env.GITHUB_WORKSPACE;
  const root = workspace ? relative(workspace, io.cwd).split('\\').join('/') : '';
  return `${server}/${repo}/blob/${sha}/${root ? `${root}/` : ''}`;
}
