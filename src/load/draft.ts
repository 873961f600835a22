import type { FileProblem } from '../errors.ts';
import type { JsonSchema } from './json-schemas.ts';
import { type DataPath, formatPath } from './load-result.ts';
import { isRecord } from './schema-at-path.ts';
import { PLACE_HINTS, type PlaceHint } from './wording.ts';
import type { YamlSource } from './yaml-document.ts';

/** A problem before it has a position: a path into the data and what to say about it. */
export interface Draft {
  readonly path: DataPath;
  readonly message: string;
  readonly fix?: string;
  /** `key` points at the key itself (unknown keys); `value` at the value or its nearest parent. */
  readonly at: 'value' | 'key';
  /** Set on a missing required key, so a misspelling of it is reported once. */
  readonly missing?: true;
  /** Set on an unknown key with a suggestion: the key it probably meant. */
  readonly meant?: string;
}

/** What explaining an issue needs: the schema the file follows and the data written in it. */
export interface ExplainContext {
  readonly root: JsonSchema;
  readonly data: unknown;
}

export function valueAt(data: unknown, path: DataPath): unknown {
  let value = data;
  for (const segment of path) {
    if (Array.isArray(value) && typeof segment === 'number') value = value[segment];
    else if (isRecord(value) && typeof segment === 'string') value = value[segment];
    else return undefined;
  }
  return value;
}

/** The place-specific wording for a path, if any (`steps[]`, `checks.*`, …). */
export function hintFor(path: DataPath): PlaceHint | undefined {
  const here = path.map((s) => (typeof s === 'number' ? '[]' : s));
  return PLACE_HINTS.find((hint) => {
    const parts = hint.pattern === '' ? [] : hint.pattern.replaceAll('[]', '.[]').split('.');
    return parts.length === here.length && parts.every((p, i) => p === '*' || p === here[i]);
  });
}

/** How a fix names the thing to change: `` `confidence` `` or ``item 1 of `participants.agents` ``. */
export function targetName(path: DataPath): string {
  const last = path.at(-1);
  if (last === undefined) return 'the file';
  return typeof last === 'number'
    ? `item ${last} of \`${formatPath(path.slice(0, -1))}\``
    : `\`${last}\``;
}

export function withFix(fix: string | undefined): { fix?: string } {
  return fix === undefined ? {} : { fix };
}

/** Drops cascades (a missing key that an unknown key was meant to be) and exact repeats. */
export function dropCascades(drafts: readonly Draft[]): Draft[] {
  const meant = new Set(
    drafts
      .filter((d) => d.meant !== undefined)
      .map((d) => formatPath([...d.path.slice(0, -1), d.meant as string])),
  );
  const seen = new Set<string>();
  return drafts.filter((d) => {
    const key = `${formatPath(d.path)}\n${d.message}`;
    if (seen.has(key) || (d.missing && meant.has(formatPath(d.path)))) return false;
    seen.add(key);
    return true;
  });
}

/** Gives a draft its file, line and column. */
export function place(draft: Draft, source: YamlSource): FileProblem {
  const { line, column } =
    draft.at === 'key' ? source.locateKey(draft.path) : source.locate(draft.path);
  return {
    file: source.file,
    line,
    column,
    path: formatPath(draft.path),
    message: draft.message,
    ...withFix(draft.fix),
  };
}
