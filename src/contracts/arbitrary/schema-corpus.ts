import { z } from 'zod';

// Test fixtures: zod schemas whose generated values must all pass safeParse.

type Tree = { label: string; children: Tree[] };
const Tree: z.ZodType<Tree> = z.lazy(() =>
  z.strictObject({ label: z.string().min(1).max(8), children: z.array(Tree).max(3) }),
);

const Category = z.object({
  name: z.string(),
  get parent(): z.ZodOptional<typeof Category> {
    return Category.optional();
  },
});

const Finding = z.strictObject({
  at: z.iso.datetime(),
  severity: z.enum(['low', 'medium', 'high']),
  note: z.string().max(40).optional(),
});

/** Strict object schemas shaped like handoff envelopes: the structural-mutation corpus. */
export const envelopeCorpus = {
  handoff: z.strictObject({
    kind: z.literal('handoff'),
    id: z.uuid(),
    from: z.string().regex(/^[a-z][a-z0-9_-]{0,15}$/),
    goal: z.string().min(1).max(120),
    priority: z.int().min(1).max(5),
    budget: z.number().positive().max(1000),
    acceptance: z.array(z.string().min(1)).min(1).max(4),
    artifacts: z.array(
      z
        .string()
        .max(60)
        .regex(/^(?:\/[^\r\n]*|[a-z][a-z0-9_-]*:[A-Za-z0-9._/-]+)$/),
    ),
    sent_at: z.iso.datetime(),
    reply_to: z.email().nullable(),
    notes: z.string().optional(),
    tags: z.record(z.string(), z.string().max(10)),
  }),
  nested: z.strictObject({
    customer: z.strictObject({ id: z.string().regex(/^C-\d{3,6}$/), vip: z.boolean() }),
    findings: z.array(Finding).min(1),
    retry: z
      .strictObject({ count: z.int().nonnegative(), after_ms: z.number().int().max(60_000) })
      .nullable(),
    owner: z.strictObject({ name: z.string().min(2) }).optional(),
  }),
  optionals: z.strictObject({
    mode: z.enum(['sync', 'async']).default('sync'),
    limit: z.number().min(0).max(1).optional(),
    label: z.string().nullish(),
    flags: z.array(z.boolean()).length(2),
    extra: z.unknown(),
  }),
  unions: z.strictObject({
    answer: z.union([z.string().max(3), z.number(), z.strictObject({ text: z.string() })]),
    step: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('ask'), question: z.string() }),
      z.strictObject({ type: z.literal('tell'), facts: z.array(z.string()).min(1) }),
    ]),
    code: z.literal(['A', 'B', 7]),
  }),
};

/** Every schema the derivation must handle, envelopes included. */
export const corpus: Record<string, z.ZodType> = {
  ...envelopeCorpus,
  looseAndCatchall: z.object({
    loose: z.looseObject({ a: z.string() }),
    catchall: z.object({ n: z.number() }).catchall(z.int()),
    strip: z.object({ b: z.boolean() }),
  }),
  records: z.strictObject({
    byEnum: z.record(z.enum(['a', 'b']), z.int()),
    partial: z.partialRecord(z.enum(['x', 'y', 'z']), z.string()),
    byRegex: z.record(z.string().regex(/^k_[a-z]{1,4}$/), z.boolean()),
    loose: z.looseRecord(z.string().regex(/^n_\d+$/), z.number()),
  }),
  strings: z.strictObject({
    starts: z.string().startsWith('ab'),
    lower: z.string().lowercase().max(6),
    exact: z.string().length(4),
    bounded: z
      .string()
      .regex(/^[a-z]+$/)
      .min(3)
      .max(8),
    template: z.templateLiteral(['order-', z.int()]),
  }),
  numbers: z.strictObject({
    open: z.number().gt(0).lt(1),
    fives: z.int().multipleOf(5).min(-50).max(50),
    cents: z.number().multipleOf(0.01).min(0).max(100),
    i32: z.int32(),
    f32: z.float32(),
    safe: z.int(),
  }),
  dates: z.strictObject({
    at: z.iso.datetime(),
    offset: z.iso.datetime({ offset: true }),
    seconds: z.iso.datetime({ precision: 0 }),
    millis: z.iso.datetime({ precision: 3 }),
    local: z.iso.datetime({ local: true }),
    day: z.iso.date(),
    time: z.iso.time(),
    span: z.iso.duration(),
  }),
  formats: z.strictObject({
    email: z.email(),
    uuid: z.uuid(),
    v4: z.uuidv4(),
    guid: z.guid(),
    url: z.url(),
    http: z.httpUrl(),
    ip4: z.ipv4(),
    ip6: z.ipv6(),
    host: z.hostname(),
    cuid: z.cuid(),
    nano: z.nanoid(),
    phone: z.e164(),
    b64: z.base64(),
  }),
  tuples: z.tuple([z.string(), z.int(), z.boolean().optional()]),
  tupleRest: z.tuple([z.literal('head')], z.number()),
  tree: Tree,
  category: Category,
  json: z.json(),
  nullableObject: z.strictObject({ a: z.string() }).nullable(),
  intersection: z.intersection(z.object({ a: z.string() }), z.object({ b: z.int().min(0) })),
  xor: z.xor([z.string(), z.int()]),
  readonly: z.strictObject({ list: z.array(z.int()).readonly() }).readonly(),
  transformed: z.strictObject({ n: z.string().regex(/^\d+$/).transform(Number) }),
};
