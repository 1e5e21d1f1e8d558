// The adapters' results are what the real SDKs take (strict).
import type Anthropic from "@anthropic-ai/sdk";
import { generateText, jsonSchema, tool, toolSearch } from "ai";
import type OpenAI from "openai";
import { ToolSearch, type Session } from "toolsearch";
import { chatToolMessage, chatTools, deferredResponsesTools, functionCallOutput, responsesTools, toolSearchOutput } from "toolsearch/openai";
import { deferredMessagesTools, messagesTools, toolResult, toolSearchResult } from "toolsearch/anthropic";
import { searchTools, toolSearchTools } from "toolsearch/ai";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { toolSearchTools as toolSearchLangChain } from "toolsearch/langchain";
import { trace } from "@opentelemetry/api";
import { otelEventHandler } from "toolsearch/otel";

export async function openai(ts: ToolSearch, session: Session, call: OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall) {
  const chat: OpenAI.Chat.Completions.ChatCompletionTool[] = chatTools(ts, session, { contextLength: 8000 });
  const answer = await chatToolMessage(ts, session, call);
  const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = answer ? [answer] : [];
  const tools: OpenAI.Responses.Tool[] = [...responsesTools(ts, session), ...deferredResponsesTools(ts, session)];
  const namespaced: OpenAI.Responses.Tool[] = deferredResponsesTools(ts, session, { contextLength: 8000, namespaces: true });
  const item = await functionCallOutput(ts, session, { call_id: "c", name: "tool_search", arguments: "{}" });
  const searched = await toolSearchOutput(ts, session, { call_id: "s", arguments: { queries: ["x"] } }, undefined, { namespaces: true });
  const input: OpenAI.Responses.ResponseInputItem[] = item ? [item, ...searched] : [...searched];
  // The output item is first; a developer message follows when nothing loaded.
  const output: OpenAI.Responses.ResponseToolSearchOutputItemParam = searched[0];
  const loaded: OpenAI.Responses.ResponseToolSearchOutputItemParam["tools"] = output.tools;
  const why: OpenAI.Responses.EasyInputMessage | undefined = searched[1];
  return [chat, messages, tools, namespaced, input, loaded, why];
}

export async function anthropic(ts: ToolSearch, session: Session, use: Anthropic.ToolUseBlock) {
  const tools: Anthropic.ToolUnion[] = [...messagesTools(ts, session), ...deferredMessagesTools(ts, session)];
  const result = await toolResult(ts, session, use);
  const found = await toolSearchResult(ts, session, use);
  const blocks: Anthropic.ToolResultBlockParam[] = result ? [result, found] : [found];
  return [tools, blocks];
}

export async function ai(model: Parameters<typeof generateText>[0]["model"]) {
  const toolSet = { weather: tool({ description: "Weather", inputSchema: jsonSchema<{ city: string }>({ type: "object" }), execute: async () => "clear" }) };
  const { tools, ts } = await toolSearchTools(toolSet, { visible: ["weather"], config: { ranking: "enhanced" } });
  const result = await generateText({ model, tools, prompt: "hi" });
  // The tools kept visible keep their own types.
  const weather: typeof toolSet.weather | undefined = tools.weather;
  const discovery = toolSearch({ search: searchTools({ config: { max_search_limit: 10 } }) });
  ts.free();
  return [result.text, discovery, weather];
}

export async function langchain(lc: StructuredToolInterface[]) {
  const { tools, session } = await toolSearchLangChain(lc, { visible: ["weather"] });
  const all: StructuredToolInterface[] = tools;
  return [all, session];
}

/** The OpenTelemetry API's own tracer is one `toolsearch/otel` takes, and its handler is a host's `onEvent`. */
export function otel() {
  const onEvent = otelEventHandler(trace.getTracer("agent"), { attributes: { "gen_ai.agent.name": "agent", "gen_ai.conversation.id": "c" } });
  return new ToolSearch({ host: { onEvent } });
}

/** SDK-typed tools go into a session as they are, and assemble is typed by its format. */
export function sdkTools(ts: ToolSearch, anthropicTool: Anthropic.Tool, openaiTool: OpenAI.Chat.Completions.ChatCompletionFunctionTool) {
  const session: Session<Anthropic.Tool> = { tools: [anthropicTool], toolsets: { [anthropicTool.name]: "mcp-x" } };
  const shaped = ts.assemble(session, { format: "anthropic" });
  const names: string[] = shaped.tools.map((tool) => tool.name);
  const openaiSession = { tools: [openaiTool], toolsets: {} };
  const bridges = ts.assemble(openaiSession);
  const functions: string[] = bridges.tools.map((tool) => tool.function.name);
  return [names, functions];
}

/**
 * The SDKs' own tool types go into a session's tools, and into the adapters,
 * as they are: OpenAI's Chat Completions tools (custom ones too), Responses
 * tools (flat functions, built-in tools, namespaces), and Anthropic's
 * ToolUnion (server tools too).
 */
export async function sdkSessionTools(
  ts: ToolSearch,
  chat: OpenAI.Chat.Completions.ChatCompletionTool[],
  functions: OpenAI.Responses.FunctionTool[],
  responses: OpenAI.Responses.Tool[],
  anthropicTools: Anthropic.Messages.ToolUnion[],
) {
  const sessions: Session[] = [{ tools: chat }, { tools: functions }, { tools: responses }, { tools: anthropicTools }];
  const mixed: Session = { tools: [...chat, ...functions, ...responses, ...anthropicTools], toolsets: {} };
  const chatSession: Session<OpenAI.Chat.Completions.ChatCompletionTool> = { tools: chat };
  const assembled: OpenAI.Chat.Completions.ChatCompletionTool[] = ts.assemble(chatSession).tools;
  const anthropicSession: Session<Anthropic.Messages.ToolUnion> = { tools: anthropicTools };
  const shaped: number = ts.assemble(anthropicSession, { format: "anthropic" }).tools.length;
  const openaiTools: OpenAI.Responses.Tool[] = [
    ...deferredResponsesTools(ts, { tools: functions }),
    ...deferredResponsesTools(ts, { tools: responses }, { namespaces: true }),
    ...responsesTools(ts, { tools: functions }),
  ];
  const chatTools_: OpenAI.Chat.Completions.ChatCompletionTool[] = chatTools(ts, { tools: chat });
  const anthropicOut: Anthropic.Messages.ToolUnion[] = [...deferredMessagesTools(ts, { tools: anthropicTools }), ...messagesTools(ts, { tools: anthropicTools })];
  const searched = await toolSearchOutput(ts, { tools: functions }, { call_id: null, arguments: {} });
  const found = await toolSearchResult(ts, { tools: anthropicTools }, { id: "u", name: "tool_search", input: {} });
  // A server tool or a custom tool written as a literal, with its own keys.
  const literals: Session = {
    tools: [
      { type: "web_search_20250305", name: "web_search", max_uses: 3 },
      { type: "custom", custom: { name: "sql", description: "Run SQL." } },
      { type: "function", name: "lookup", description: null, parameters: null, strict: null },
    ],
  };
  for (const session of [...sessions, mixed, literals]) await ts.toolSearch({ queries: ["x"] }, session);
  return [assembled, shaped, openaiTools, chatTools_, anthropicOut, searched, found];
}
