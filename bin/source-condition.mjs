// Module hook for working in this repository: resolves `baton-handoffs` (and its subpaths) to
// the TypeScript sources through the package's `baton-source` export condition.
export async function resolve(specifier, context, next) {
  return next(specifier, { ...context, conditions: [...context.conditions, 'baton-source'] });
}
