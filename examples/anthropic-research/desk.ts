import type Anthropic from '@anthropic-ai/sdk';
import {
  handoffToWriter,
  hastyHandoffToWriter,
  MODEL,
  RESEARCHER_PROMPT,
  type Variant,
  WRITER_PROMPT,
  webSearch,
} from './tools.ts';

/** What a case step gives the desk: the customer's request, or a search result. */
export type Input =
  | { readonly kind: 'request'; readonly text: string }
  | { readonly kind: 'search_result'; readonly result: unknown };

/** How the desk calls the model: one answer per request, streamed or not. */
export interface DeskOptions {
  readonly client: Anthropic;
  readonly variant: Variant;
  readonly stream: boolean;
}

/**
 * One piece of research: the researcher runs its tool loop until it hands the findings to the
 * writer with `handoff_to_writer` (or answers a lookup itself); the writer then gets the tool
 * input — the curated envelope — as its only message. No tracing: Baton sees the model traffic.
 */
export class ResearchDesk {
  private readonly messages: Anthropic.MessageParam[] = [];
  private pendingSearch: string | undefined;
  private done = false;
  /** The writer's text, once it wrote. */
  article: string | undefined;

  constructor(private readonly o: DeskOptions) {}

  async take(input: Input): Promise<void> {
    if (this.done) return;
    if (input.kind === 'request') {
      this.messages.push({ role: 'user', content: input.text });
    } else {
      if (this.pendingSearch === undefined) return;
      const content = JSON.stringify(input.result);
      this.messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: this.pendingSearch, content }],
      });
      this.pendingSearch = undefined;
    }
    await this.research();
  }

  private async research(): Promise<void> {
    const tools = [webSearch, this.o.variant === 'hasty' ? hastyHandoffToWriter : handoffToWriter];
    const reply = await this.ask(RESEARCHER_PROMPT[this.o.variant], this.messages, tools);
    this.messages.push({ role: 'assistant', content: reply.content });
    const calls = reply.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    const handoff = calls.find((b) => b.name === handoffToWriter.name);
    if (handoff) {
      this.done = true;
      const envelope = [{ role: 'user' as const, content: JSON.stringify(handoff.input) }];
      const written = await this.ask(WRITER_PROMPT, envelope, []);
      this.article = written.content.find((b) => b.type === 'text')?.text;
      return;
    }
    const search = calls.find((b) => b.name === webSearch.name);
    if (search) this.pendingSearch = search.id;
    else this.done = true; // answered the customer itself
  }

  private ask(
    system: string,
    messages: Anthropic.MessageParam[],
    tools: Anthropic.Tool[],
  ): Promise<Anthropic.Message> {
    const params = {
      model: MODEL,
      max_tokens: 1024,
      system,
      messages,
      ...(tools.length > 0 && { tools }),
    };
    return this.o.stream
      ? this.o.client.messages.stream(params).finalMessage()
      : this.o.client.messages.create(params);
  }
}
