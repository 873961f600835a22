import type { PackedPart } from './span-pack.ts';
import type { TraceFileDefect } from './trace-file.ts';

/** What the reading worker posts: parts in order, then the end or why it stopped. */
export type FromReader =
  | { readonly kind: 'part'; readonly part: PackedPart }
  | { readonly kind: 'end' }
  | { readonly kind: 'trace-file-error'; readonly file: string; readonly defect: TraceFileDefect }
  | { readonly kind: 'error'; readonly message: string; readonly stack?: string | undefined };

/** What the holding thread posts: it took a part, the worker may read one more. */
export type ToReader = { readonly kind: 'more' };
