/** The whole body as text; a stream that fails midway gives what arrived before it failed. */
export async function readText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Cut off: judge the part that arrived (a streamed call counts only if it completed).
  }
  return text + decoder.decode();
}
