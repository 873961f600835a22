import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { writeFileAtomic } from '../../io/atomic-write.ts';
import type { ShadowLiveConfig } from '../../model/shadow-config.ts';
import type { Suite } from '../../model/suite.ts';
import { renderDraft } from '../draft-case.ts';
import { draftsSuite } from '../drafts-suite.ts';
import { caseIdOf } from '../live-case.ts';
import { otlpLine } from '../otlp-line.ts';
import type { DraftRequest } from '../shadow-engine.ts';

export interface DraftWriterOptions {
  /** The report folder: drafts go to `drafts/`, their traces to `traces/`, labelled ones to `labelled/`. */
  readonly dir: string;
  /** The shadow suite: the drafts suite judges as it does (checks, effects, facts, gates…). */
  readonly suite: Suite;
  readonly candidateName: string;
  readonly live: ShadowLiveConfig;
  readonly date: () => Date;
}

/**
 * Writes each disagreement as a draft case (`drafts/<id>.yaml`) beside the live trace it labels
 * (`traces/<id>.jsonl`), and once a traces suite (`drafts.suite.yaml`) that reads the cases a
 * person labelled and moved to `labelled/` by the same rules shadow read the traffic. Unlabelled
 * drafts stay out of that suite, so one labelled draft runs without the others failing to load.
 */
export function draftWriter(o: DraftWriterOptions): (request: DraftRequest) => Promise<string> {
  const used = new Set<string>();
  let ready: Promise<void> | undefined;
  const prepare = async () => {
    await mkdir(join(o.dir, 'drafts'), { recursive: true });
    await mkdir(join(o.dir, 'traces'), { recursive: true });
    await mkdir(join(o.dir, 'labelled'), { recursive: true });
    const suite = draftsSuite(o.suite, o.live, o.dir);
    await writeFileAtomic(
      join(o.dir, 'drafts.suite.yaml'),
      `# Written by baton shadow.\n${stringify(suite, { lineWidth: 0 })}`,
    );
  };
  return async ({ finished, derived, view, comparison }) => {
    ready ??= prepare();
    await ready;
    const id = uniqueId(caseIdOf(finished.id, 'shadow'), used);
    await writeFileAtomic(join(o.dir, 'traces', `${id}.jsonl`), otlpLine(finished.spans));
    const draft = renderDraft({
      id,
      conversation: finished.id,
      ...(finished.conversationId !== undefined && { conversationId: finished.conversationId }),
      traceIds: finished.traceIds,
      traceFile: `../traces/${id}.jsonl`,
      stepRule: o.live.steps,
      steps: derived.steps,
      inputs: view.inputs,
      agents: view.agents,
      persons: [...view.persons],
      entry: view.entry ?? view.agents[0] ?? 'agent',
      live: comparison.live,
      candidate: comparison.candidate,
      differences: comparison.differences,
      seen: `suite ${o.suite.config.name}, ${o.date().toISOString()}`,
      candidateName: o.candidateName,
    });
    const path = join('drafts', `${id}.yaml`);
    await writeFileAtomic(join(o.dir, path), draft);
    return path;
  };
}

function uniqueId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}
