// The host's model, as the hint writer calls it, and ready-made completers for the Anthropic
// SDK, the OpenAI SDK and the AI SDK. Like the adapters, they take the client (or function)
// the host already has: structural types here, and no SDK is imported.

/** What a completer answers: the text, or the text with what the provider reported. */
export type CompletionResult = string | {
  readonly text: string;
  /** The model that answered, as the provider names it. */
  readonly model?: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** Set when the model declined to answer (its reason, or ""): the tool is `hint_refused`. */
  readonly refusal?: string;
};

/** What the writer passes with each prompt. */
export interface CompleteContext {
  /** The tool the prompt is for. */
  readonly tool: string;
  /** Aborted when the run is (`writeHints`' `signal`): pass it to the request. */
  readonly signal?: AbortSignal;
}

/** The host's model: one prompt in, one answer out. A throw fails that tool only (`hint_error`). */
export type Complete = (prompt: string, context: CompleteContext) => Promise<CompletionResult>;

/** The part of the Anthropic SDK client `anthropicComplete` uses (`new Anthropic()`). */
export interface AnthropicMessagesClient {
  readonly messages: {
    create(
      body: { model: string; max_tokens: number; messages: { role: "user"; content: string }[] },
      options?: { signal?: AbortSignal },
    ): PromiseLike<{
      readonly model?: string;
      readonly content: readonly { readonly type: string; readonly text?: string }[];
      readonly stop_reason?: string | null;
      readonly usage?: { readonly input_tokens?: number; readonly output_tokens?: number };
    }>;
  };
}

/** Defaults of the ready-made completers: `maxTokens`, the answer's bound in tokens. */
export const COMPLETE_DEFAULTS = Object.freeze({ maxTokens: 1024 });

/**
 * A completer over the Anthropic Messages API (`client.messages.create`, one user message).
 * A `stop_reason` of `"refusal"` is a refusal.
 *
 * @example
 * import Anthropic from "@anthropic-ai/sdk";
 * const complete = anthropicComplete(new Anthropic(), { model: "claude-sonnet-4-5" });
 */
export function anthropicComplete(client: AnthropicMessagesClient, options: { readonly model: string; readonly maxTokens?: number }): Complete {
  return async (prompt, context) => {
    const response = await client.messages.create(
      { model: options.model, max_tokens: options.maxTokens ?? COMPLETE_DEFAULTS.maxTokens, messages: [{ role: "user", content: prompt }] },
      context.signal === undefined ? undefined : { signal: context.signal },
    );
    const text = response.content.map((block) => (block.type === "text" && typeof block.text === "string" ? block.text : "")).join("");
    return {
      text,
      model: response.model ?? options.model,
      ...(response.usage?.input_tokens === undefined ? {} : { inputTokens: response.usage.input_tokens }),
      ...(response.usage?.output_tokens === undefined ? {} : { outputTokens: response.usage.output_tokens }),
      ...(response.stop_reason === "refusal" ? { refusal: text } : {}),
    };
  };
}

/** The part of the OpenAI SDK client `openaiComplete` uses (`new OpenAI()`): Chat Completions. */
export interface OpenAIChatClient {
  readonly chat: {
    readonly completions: {
      create(
        body: { model: string; messages: { role: "user"; content: string }[]; max_completion_tokens?: number },
        options?: { signal?: AbortSignal },
      ): PromiseLike<{
        readonly model?: string;
        readonly choices: readonly {
          readonly finish_reason?: string | null;
          readonly message: { readonly content?: string | null; readonly refusal?: string | null };
        }[];
        readonly usage?: { readonly prompt_tokens?: number; readonly completion_tokens?: number } | null;
      }>;
    };
  };
}

/**
 * A completer over OpenAI's Chat Completions (`client.chat.completions.create`, one user
 * message): the API every OpenAI-compatible server speaks, so a local model's server works
 * with the same client and a `baseURL`. A `refusal` on the message, or a `content_filter`
 * finish, is a refusal.
 *
 * @example
 * import OpenAI from "openai";
 * const complete = openaiComplete(new OpenAI(), { model: "gpt-5-mini" });
 */
export function openaiComplete(client: OpenAIChatClient, options: { readonly model: string; readonly maxTokens?: number }): Complete {
  return async (prompt, context) => {
    const response = await client.chat.completions.create(
      { model: options.model, messages: [{ role: "user", content: prompt }], ...(options.maxTokens === undefined ? {} : { max_completion_tokens: options.maxTokens }) },
      context.signal === undefined ? undefined : { signal: context.signal },
    );
    const choice = response.choices[0];
    const text = choice?.message.content ?? "";
    const refusal = typeof choice?.message.refusal === "string" ? choice.message.refusal : choice?.finish_reason === "content_filter" ? "" : undefined;
    return {
      text,
      model: response.model ?? options.model,
      ...(typeof response.usage?.prompt_tokens === "number" ? { inputTokens: response.usage.prompt_tokens } : {}),
      ...(typeof response.usage?.completion_tokens === "number" ? { outputTokens: response.usage.completion_tokens } : {}),
      ...(refusal === undefined ? {} : { refusal }),
    };
  };
}

/** The AI SDK's `generateText`, as much of it as `aiSdkComplete` uses. */
export type GenerateText<Model> = (options: { model: Model; prompt: string; maxOutputTokens?: number; abortSignal?: AbortSignal }) => PromiseLike<{
  readonly text: string;
  readonly finishReason?: string;
  readonly usage?: { readonly inputTokens?: number | undefined; readonly outputTokens?: number | undefined };
  readonly response?: { readonly modelId?: string };
}>;

/**
 * A completer over the AI SDK: pass its `generateText` and a model of any provider. A
 * `content-filter` finish is a refusal.
 *
 * @example
 * import { generateText } from "ai";
 * import { anthropic } from "@ai-sdk/anthropic";
 * const complete = aiSdkComplete({ generateText, model: anthropic("claude-sonnet-4-5") });
 */
export function aiSdkComplete<Model>(options: { readonly generateText: GenerateText<Model>; readonly model: Model; readonly maxTokens?: number }): Complete {
  return async (prompt, context) => {
    const result = await options.generateText({
      model: options.model,
      prompt,
      maxOutputTokens: options.maxTokens ?? COMPLETE_DEFAULTS.maxTokens,
      ...(context.signal === undefined ? {} : { abortSignal: context.signal }),
    });
    const model = result.response?.modelId ?? (typeof options.model === "string" ? options.model : undefined);
    return {
      text: result.text,
      ...(model === undefined ? {} : { model }),
      ...(typeof result.usage?.inputTokens === "number" ? { inputTokens: result.usage.inputTokens } : {}),
      ...(typeof result.usage?.outputTokens === "number" ? { outputTokens: result.usage.outputTokens } : {}),
      ...(result.finishReason === "content-filter" ? { refusal: "" } : {}),
    };
  };
}
