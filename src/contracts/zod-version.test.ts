import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { arbitraryFromSchema } from './arbitrary/from-schema.ts';
import { checkEnvelope } from './check-envelope.ts';
import { defineContract } from './define-contract.ts';

describe('a zod 3 schema is refused where it is given', () => {
  it('in a record of fields: the error names the contract, the field and the fix', () => {
    expect(() =>
      defineContract({ to: 'refunds', fields: { order_id: z3.string() as never } }),
    ).toThrow(
      'Failed to define contract *→refunds: field `order_id` is a zod 3 schema, and Baton needs zod 4. Install zod 4 (npm i zod@^4)',
    );
  });

  it('as a zod 3 object of fields', () => {
    expect(() =>
      defineContract({ to: 'refunds', fields: z3.object({ order_id: z3.string() }) as never }),
    ).toThrow('Failed to define contract *→refunds: `fields` is a zod 3 schema');
  });

  it('when deriving envelopes from it', () => {
    expect(() => arbitraryFromSchema(z3.string() as never)).toThrow(
      'Failed to derive envelopes: the schema is a zod 3 schema',
    );
  });

  it('a value that is no schema at all is named too', () => {
    expect(() =>
      defineContract({ to: 'refunds', fields: { order_id: 'string' as never } }),
    ).toThrow('field `order_id` is not a zod schema');
  });

  it('a zod 4 object of fields defines the contract', () => {
    const contract = defineContract({ to: 'refunds', fields: z.object({ order_id: z.string() }) });

    expect(
      checkEnvelope(contract, { order_id: 'A-1' }, { from: 'a', to: 'refunds', now: 0 }),
    ).toEqual([]);
    expect(
      checkEnvelope(contract, { order_id: 7 }, { from: 'a', to: 'refunds', now: 0 }).map(
        (i) => i.path,
      ),
    ).toEqual([['order_id']]);
  });
});
