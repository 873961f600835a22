/** A path into a document or an envelope, as zod reports it: ['steps', 2, 'signal']. */
export type DataPath = readonly (string | number)[];

/** Renders a path the way people read it: `steps[2].signal.confidence`, `findings[0]["a b"]`. */
export function formatPath(path: DataPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
