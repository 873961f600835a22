import { type Dirent, readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { ReadPolicy } from './read-policy.ts';
import { real } from './read-policy.ts';

/** A glob's files sorted by the read policy, and those a folder listing showed as plain files. */
export interface ListedFiles {
  readonly inside: string[];
  readonly outside: string[];
  /** Regular files, not symbolic links, when listed: a reader may open them without a `stat`. */
  readonly regular: Set<string>;
}

/**
 * Checks a glob's files against the policy a folder at a time: one `realpath` and one listing a
 * folder instead of a `realpath` (a system call per path segment) a file. A regular file's real
 * path is its folder's real path and its name, so it is inside the project exactly when its
 * folder is; a symbolic link, or a file in a folder that is not, is checked on its own as before.
 */
export function listedFiles(files: readonly string[], policy: ReadPolicy): ListedFiles {
  const out: ListedFiles = { inside: [], outside: [], regular: new Set() };
  const folders = new Map<string, Map<string, Dirent> | undefined>();
  for (const file of files) {
    const folder = dirname(file);
    let entries = folders.get(folder);
    if (!folders.has(folder)) {
      entries = allowedEntries(folder, policy);
      folders.set(folder, entries);
    }
    const entry = entries?.get(basename(file));
    if (entry?.isFile()) {
      out.inside.push(file);
      out.regular.add(file);
    } else if (policy.allows(file)) out.inside.push(file);
    else out.outside.push(file);
  }
  return out;
}

/** A folder's entries by name when the folder is inside the policy's roots, else undefined. */
function allowedEntries(folder: string, policy: ReadPolicy): Map<string, Dirent> | undefined {
  try {
    if (!policy.allowsResolved(real(folder))) return undefined;
    const entries = new Map<string, Dirent>();
    for (const entry of readdirSync(folder, { withFileTypes: true }))
      entries.set(entry.name, entry);
    return entries;
  } catch {
    return undefined;
  }
}
