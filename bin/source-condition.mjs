// Module hook for working in this repository: resolves `baton-handoffs` (and its subpaths) to
// the TypeScript sources through the package's `baton-source` export condition — for imports
// from inside the repository only. A project elsewhere (a trial app with Baton installed from a
// tarball, which ships no src/) keeps its own installed copy.
const REPO = new URL('../', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const inside = context.parentURL === undefined || context.parentURL.startsWith(REPO);
  if (!inside) return next(specifier, context);
  return next(specifier, { ...context, conditions: [...context.conditions, 'baton-source'] });
}
