import { factWords, holdsValue, valueTexts } from '../model/fact-words.ts';

/**
 * The `contains` match of a carried fact: the fact's text appears, as whole tokens, in some text
 * of the payload (model/fact-words.ts). Case, accents, spacing and punctuation between tokens
 * are ignored, so "A-1001" is found in "order #a 1001," but not in "A-10012", and 750 not in
 * "CLM-750"; JSON written inside a string is searched as well.
 */
export function payloadContains(payload: unknown, text: string): boolean {
  const value = factWords(text);
  if (value.words.length === 0) return false;
  return valueTexts(payload).some((t) => holdsValue(t, value));
}
