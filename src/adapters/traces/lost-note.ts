import { relative } from 'node:path';
import type { TraceRef } from '../../model/labelled-case.ts';
import type { CaseNote } from '../../model/report.ts';
import type { TraceProblem } from '../../traces/read-batches.ts';

const PLACES_SHOWN = 3;

/**
 * A case's own note when lines its trace had spans on could not be read: the case is judged on
 * the spans that remain, so a missed handoff or an effect of "an unknown agent" may be the gap,
 * not the implementation. Its trace's spans are counted where the unreadable text still names
 * them (`lostSpans`); a line that names only the case's conversation is said so, uncounted.
 * Undefined when no unreadable place shows any of the case's spans.
 */
export function lostNote(
  caseId: string,
  ref: TraceRef,
  traceIds: ReadonlySet<string>,
  problems: readonly TraceProblem[],
): CaseNote | undefined {
  let spans = 0;
  const traces = new Set<string>();
  const places: string[] = [];
  let named = false;
  for (const p of problems) {
    if (!p.lost) continue;
    const counted = p.lost.traces.filter(([id]) => traceIds.has(id));
    const mentioned =
      ref.conversationId !== undefined && p.lost.conversations.includes(ref.conversationId);
    if (counted.length === 0 && !mentioned) continue;
    for (const [id, n] of counted) {
      spans += n;
      traces.add(id);
    }
    named ||= mentioned && counted.length === 0;
    places.push(`${shownPath(p.file)}${p.line === undefined ? '' : `:${p.line}`}`);
  }
  if (places.length === 0) return undefined;
  const at = `${places.length === 1 ? 'an unreadable line' : `${places.length} unreadable lines`} at ${placeList(places)}`;
  // The case is named: cases labelling one trace would otherwise share one note, and lose it.
  const ids = [...traces].map((t) => t.slice(0, 8)).join(', ');
  const lost =
    spans > 0
      ? `the trace${traces.size === 1 ? '' : 's'} of ${caseId} (${ids}) lost ${spans} span${spans === 1 ? '' : 's'} to ${at}${named ? `, which also held spans of its conversation ${ref.conversationId}` : ''}`
      : `${at} held spans of the conversation of ${caseId} (${ref.conversationId})`;
  return {
    code: 'traces.unreadable',
    message: `${lost}: the case is judged on the spans that remain, so its findings may come from the lost spans rather than from the implementation`,
    fix: 'repair or remove the line, or export the file again, and run the case again',
  };
}

function placeList(places: readonly string[]): string {
  const shown = places.slice(0, PLACES_SHOWN).join(', ');
  return places.length > PLACES_SHOWN ? `${shown} and ${places.length - PLACES_SHOWN} more` : shown;
}

function shownPath(file: string): string {
  return relative(process.cwd(), file) || file;
}
