import { createRequire } from 'node:module';
import type { RE2JS as RE2JSClass } from 're2js';
import { setOwn } from '../own-field.ts';
import type { TextPattern } from './redact-text.ts';
import { mayHoldSecret, redactText } from './redact-text.ts';
import { REDACTED, SecretKeys } from './secret-keys.ts';

/** A suite's own redaction rules (`redact:`): they add to Baton's defaults, never replace them. */
export interface RedactionConfig {
  readonly keys?: readonly string[];
  readonly patterns?: readonly string[];
}

// Ids Baton made itself (hex): never secrets, and a report must keep them to point at spans.
const IDS = new Set(['spanId', 'spanIds', 'traceId', 'parentId']);

let re2: typeof RE2JSClass | undefined;
/** RE2 loads only for a suite with its own patterns: every command's start redacts its output. */
function loadRe2(): typeof RE2JSClass {
  re2 ??= (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JSClass }).RE2JS;
  return re2;
}

/** `/source/flags` or plain text, as RE2 (linear time whatever the pattern). */
export function compilePattern(text: string): TextPattern {
  const RE2JS = loadRe2();
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(text);
  const source = slashed ? (slashed[1] ?? '') : RE2JS.quote(text);
  const flags = slashed?.[2] ?? '';
  const re = RE2JS.compile(source, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  return {
    replaceAll: (t, replacement) => re.matcher(t).replaceAll(RE2JS.quoteReplacement(replacement)),
  };
}

/**
 * Baton's redaction pass: secret names (headers, fields, parameters) and secret shapes (keys,
 * tokens, card numbers) in every string, with a suite's own keys and patterns added.
 */
export class Redaction {
  readonly keys: SecretKeys;
  private readonly patterns: readonly TextPattern[];
  // A report repeats the same agent names, codes and messages thousands of times.
  private readonly memo = new Map<string, string>();

  constructor(config: RedactionConfig = {}) {
    this.keys = new SecretKeys(config.keys ?? []);
    this.patterns = (config.patterns ?? []).map(compilePattern);
  }

  text(text: string): string {
    if (text.length > MEMO_TEXT) {
      if (this.patterns.length === 0 && !mayHoldSecret(text)) return text;
      return redactText(text, this.keys, this.patterns);
    }
    // Looked up first: a short text seen before costs one lookup, not a scan.
    let out = this.memo.get(text);
    if (out === undefined) {
      out =
        this.patterns.length === 0 && !mayHoldSecret(text)
          ? text
          : redactText(text, this.keys, this.patterns);
      if (this.memo.size >= MEMO_SIZE) this.memo.clear();
      this.memo.set(text, out);
    }
    return out;
  }

  /** A copy of a JSON-like value: a secret name's value is [REDACTED], every string redacted. */
  value<T>(value: T): T {
    return this.walk(value, 0) as T;
  }

  /**
   * `value` redacted as `value()` does, but sharing every part of it that needs no change (the
   * value itself when nothing does): for a report built fresh, which nobody else mutates.
   * Objects in `trusted` (Baton's own codes and counts) are kept as they are, unread. `depth` is
   * how deep `value` sits in what it is part of (a report's case, redacted as it finishes).
   */
  shared<T>(value: T, trusted?: ReadonlySet<object>, depth = 0): T {
    this.trusted = trusted;
    try {
      return this.share(value, depth) as T;
    } finally {
      this.trusted = undefined;
    }
  }

  private trusted: ReadonlySet<object> | undefined;

  private share(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object') return value;
    if (this.trusted?.has(value)) return value;
    if (depth > 200) return REDACTED;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        const r = this.share(v, depth + 1);
        if (out === undefined && !Object.is(r, v)) out = value.slice(0, i);
        out?.push(r);
      }
      return out ?? value;
    }
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function')
      return this.share(jsonOf(value, toJSON as (this: object) => unknown), depth + 1);
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    // for-in, not Object.keys: no array of names for every object of a large report.
    for (const k in record) {
      if (!Object.hasOwn(record, k)) continue;
      const v = record[k];
      const named = this.byName(k, v);
      const r = named === LOOK_THROUGH ? this.share(v, depth + 1) : named;
      if (out === undefined && !Object.is(r, v)) out = copyBefore(record, k);
      if (out) setOwn(out, k, r);
    }
    return out ?? value;
  }

  private walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object') return value;
    // Too deep to look through: say nothing of it rather than risk a secret.
    if (depth > 200) return REDACTED;
    if (Array.isArray(value)) return value.map((v) => this.walk(v, depth + 1));
    // What JSON.stringify would write: a timeline event parses its payload in its toJSON.
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function')
      return this.walk(jsonOf(value, toJSON as (this: object) => unknown), depth + 1);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const named = this.byName(k, v);
      setOwn(out, k, named === LOOK_THROUGH ? this.walk(v, depth + 1) : named);
    }
    return out;
  }

  /** What a field becomes by its name alone: an id as it is, a secret name's value [REDACTED]. */
  private byName(key: string, value: unknown): unknown {
    if (IDS.has(key)) return value;
    // SecretKeys judges each name once.
    if (this.keys.has(key) && value !== null && typeof value !== 'boolean') return REDACTED;
    return LOOK_THROUGH;
  }
}

/** The own fields of `record` that come before `stop`. */
function copyBefore(record: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in record) {
    if (k === stop) break;
    if (Object.hasOwn(record, k)) setOwn(out, k, record[k]);
  }
  return out;
}

function jsonOf(value: object, toJSON: (this: object) => unknown): unknown {
  try {
    return toJSON.call(value);
  } catch {
    return REDACTED;
  }
}

// byName's answer when the field's value must be looked through.
const LOOK_THROUGH = Symbol('look through');

// Texts up to this length are remembered, up to this many at once.
const MEMO_TEXT = 256;
const MEMO_SIZE = 20_000;

/** The defaults alone: what the CLI applies to everything it prints. */
export const DEFAULT_REDACTION = new Redaction();
