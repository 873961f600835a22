/** Lower case, punctuation and separators as single spaces: `Order-ID?` → `order id`. */
export function normalText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
