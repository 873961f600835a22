import { expect, test, vi } from 'vitest';

// Each test reads the holder fresh: loading the schema is process-wide, once.
async function freshHolder() {
  vi.resetModules();
  return import('./case-schema.ts');
}

test('synchronous loading that needs the schema before it has loaded says so', async () => {
  const holder = await freshHolder();
  expect(holder.loadedCaseSchema()).toBeUndefined();
  expect(() => holder.caseSchema()).toThrow(holder.SchemaNeeded);
});

test('withCaseSchema does the work once when it needs no schema, and loads none', async () => {
  const holder = await freshHolder();
  const work = vi.fn(() => 'done');
  await expect(holder.withCaseSchema(work)).resolves.toBe('done');
  expect(work).toHaveBeenCalledTimes(1);
  expect(holder.loadedCaseSchema()).toBeUndefined();
});

test('work that needed the schema is done again once it has loaded', async () => {
  const holder = await freshHolder();
  const work = vi.fn(() => holder.caseSchema().check({ id: 'x' }).success);
  await expect(holder.withCaseSchema(work)).resolves.toBe(false);
  expect(work).toHaveBeenCalledTimes(2);
  expect(holder.loadedCaseSchema()).toBeDefined();
});

test('any other error of the work is its own, thrown at once', async () => {
  const holder = await freshHolder();
  const work = vi.fn(() => {
    throw new RangeError('bad');
  });
  await expect(holder.withCaseSchema(work)).rejects.toThrow(RangeError);
  expect(work).toHaveBeenCalledTimes(1);
});
