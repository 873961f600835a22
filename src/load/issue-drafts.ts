import { describeExpected, describeReceived } from './describe.ts';
import { type Draft, type ExplainContext, hintFor, targetName, valueAt, withFix } from './draft.ts';
import { type DataPath, formatPath } from './load-result.ts';
import { allowedKeys, isRecord, schemaAt } from './schema-at-path.ts';
import { closestMatch } from './suggest.ts';
import { codeList, say } from './wording.ts';

type Literal = string | number | boolean | null;

/** A value of the wrong type, or a required key that is not there. */
export function mismatch(path: DataPath, ctx: ExplainContext, expected?: string): Draft {
  const value = valueAt(ctx.data, path);
  const want = expected ?? describeExpected(schemaAt(ctx.root, path, ctx.data));
  const key = path.at(-1);
  if (value === undefined && typeof key === 'string') {
    const about = schemaAt(ctx.root, path, ctx.data)?.description;
    const fix = say.add(key, formatPath(path.slice(0, -1)), about && sentenceCase(about));
    return { path, at: 'value', missing: true, message: say.missing(key, want), fix };
  }
  const received = path.length === 0 && value == null ? say.emptyFile : describeReceived(value);
  const message = say.mismatch(want, received);
  return { path, at: 'value', message, ...withFix(mismatchFix(path, value, want)) };
}

function mismatchFix(path: DataPath, value: unknown, expected: string): string {
  const hint = hintFor(path)?.fix;
  if (hint !== undefined) return hint;
  const key = path.at(-1);
  if (value === null && typeof key === 'string') return say.writeValue(key);
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return say.unquote(value);
  }
  // YAML read `true`, `no` or `1001` as a boolean or a number where text was meant.
  if ((typeof value === 'boolean' || typeof value === 'number') && expected.includes('string'))
    return say.quote(String(value));
  return say.changeTo(targetName(path), expected);
}

export function tooSmallOrBig(path: DataPath, ctx: ExplainContext): Draft {
  const value = valueAt(ctx.data, path);
  const empty = hintFor(path)?.emptyList;
  if (empty !== undefined && Array.isArray(value) && value.length === 0) {
    return { path, at: 'value', message: empty.message, fix: empty.fix };
  }
  return mismatch(path, ctx);
}

export function badFormat(message: string, path: DataPath, ctx: ExplainContext): Draft {
  const schema = schemaAt(ctx.root, path, ctx.data);
  const custom = !message.startsWith('Invalid');
  return mismatch(path, ctx, custom ? message : `a string matching \`${schema?.pattern}\``);
}

/** A value outside a fixed set (an enum, a literal, a discriminator). */
export function notOneOf(values: readonly Literal[], path: DataPath, ctx: ExplainContext): Draft {
  const value = valueAt(ctx.data, path);
  const expected = values.length === 1 ? codeList(values) : `one of ${codeList(values)}`;
  const draft = mismatch(path, ctx, expected);
  if (draft.missing || typeof value !== 'string') return draft;
  const meant = closestMatch(
    value,
    values.filter((v) => typeof v === 'string'),
  );
  const fix = meant === undefined ? say.useOneOf(values) : say.didYouMean(meant);
  return { ...draft, fix };
}

/** An unknown key: points at the key and suggests the closest allowed one not already used. */
export function unknownKey(parent: DataPath, key: string, ctx: ExplainContext): Draft {
  const here = valueAt(ctx.data, parent);
  const used = isRecord(here) ? Object.keys(here) : [];
  const allowed = allowedKeys(schemaAt(ctx.root, parent, ctx.data));
  const meant = closestMatch(
    key,
    allowed.filter((k) => !used.includes(k)),
  );
  const path = [...parent, key];
  const message = say.unknownKey(key);
  if (meant === undefined) return { path, at: 'key', message, fix: say.removeOrUse(allowed) };
  return { path, at: 'key', message, fix: say.didYouMean(meant), meant };
}

export function custom(message: string, path: DataPath, ctx: ExplainContext): Draft {
  const value = valueAt(ctx.data, path);
  const hint = hintFor(path)?.custom;
  if (hint !== undefined) {
    return {
      path,
      at: 'value',
      message: hint.message(value, describeReceived(value)),
      fix: hint.fix,
    };
  }
  const key = path.at(-1);
  const fix = message.includes('RE2')
    ? 'write the regex without backreferences (\\1) or lookaround ((?=…), (?<=…)): Baton matches suite regexes in linear time, so no pattern can hang a run'
    : `change ${typeof key === 'string' ? `\`${key}\`` : 'this value'} as the message says`;
  return { path, at: 'value', message: `${message}, received ${describeReceived(value)}`, fix };
}

function sentenceCase(text: string): string {
  return (text.charAt(0).toLowerCase() + text.slice(1)).replace(/\.$/, '');
}
