/**
 * A case's report.json text (`caseJsonText`) without its `measured` field, cut from the bytes:
 * what `baton merge` writes of each shard's case, without parsing and pretty-printing it again.
 * `caseJsonText` writes a case's own fields on lines of their own, six spaces in, and a raw
 * line break never stands inside a JSON string, so the line `      "measured": {` opens that
 * field and the first line `      }` after it closes it. Undefined when the text is not laid out
 * so (another writer's indentation, a `measured` on one line): the caller renders the case.
 * `lead` goes before the text: the indentation a scan of the report's items leaves out.
 */
export function unmeasuredCaseText(
  text: Uint8Array,
  lead: Uint8Array = NOTHING,
): Uint8Array | undefined {
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const open = bytes.indexOf(OPEN);
  if (open < 1 || bytes[open - 1] !== COMMA || bytes.indexOf(OPEN, open + 1) >= 0) return undefined;
  const close = bytes.indexOf(CLOSE, open + OPEN.length);
  if (close < 0) return undefined;
  const after = close + CLOSE.length;
  // What follows the field: the next field (`,`) or the case's own closing line.
  if (bytes[after] !== COMMA && bytes[after] !== NEWLINE) return undefined;
  return Buffer.concat([lead, bytes.subarray(0, open - 1), bytes.subarray(after)]);
}

const OPEN = Buffer.from('\n      "measured": {\n');
const CLOSE = Buffer.from('\n      }');
const NOTHING = new Uint8Array(0);
const COMMA = 0x2c;
const NEWLINE = 0x0a;
