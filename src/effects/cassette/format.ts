import { z } from 'zod';

/** The cassette file format version Baton writes and reads. */
export const CASSETTE_VERSION = 1;

const Body = z.union([
  z.strictObject({ json: z.unknown() }),
  z.strictObject({ text: z.string() }),
  z.strictObject({ base64: z.string() }),
]);

const Headers = z.record(z.string(), z.string());

const Entry = z.strictObject({
  case: z.string().optional().describe('The case that made the request; absent: any case.'),
  repeat: z.number().int().min(0).optional(),
  request: z.strictObject({
    method: z.string().min(1),
    url: z.string().min(1),
    headers: Headers.default({}),
    body: Body.optional(),
  }),
  response: z.strictObject({
    status: z.number().int().min(200).max(599),
    statusText: z.string().optional(),
    headers: Headers.default({}),
    body: Body.optional(),
  }),
});

/** A cassette file: request/response pairs in the order they were recorded. */
export const CassetteFile = z.strictObject({
  version: z.literal(CASSETTE_VERSION),
  entries: z.array(Entry),
});

export type CassetteEntry = z.output<typeof Entry>;
export type CassetteFile = z.output<typeof CassetteFile>;

/** Parses cassette text; the error names what is wrong. */
export function parseCassette(
  text: string,
): { ok: true; value: CassetteFile } | { ok: false; why: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, why: `it is not JSON (${(error as Error).message})` };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== CASSETTE_VERSION)
    return {
      ok: false,
      why: `it has version ${String(version)}; this Baton reads version ${CASSETTE_VERSION}`,
    };
  const parsed = CassetteFile.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    why: `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'invalid'}`,
  };
}

/** The file's text: pretty JSON, entries in order, a newline at the end. */
export function serializeCassette(entries: readonly CassetteEntry[]): string {
  return `${JSON.stringify({ version: CASSETTE_VERSION, entries }, null, 2)}\n`;
}
