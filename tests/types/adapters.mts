// The adapters' results are what the real SDKs take (strict).
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { ToolSearch, type Session } from "toolsearch";
import { chatToolMessage, chatTools, deferredResponsesTools, functionCallOutput, responsesTools, toolSearchOutput } from "toolsearch/openai";
import { deferredMessagesTools, messagesTools, toolResult, toolSearchResult } from "toolsearch/anthropic";

export async function openai(ts: ToolSearch, session: Session, call: OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall) {
  const chat: OpenAI.Chat.Completions.ChatCompletionTool[] = chatTools(ts, session, { contextLength: 8000 });
  const answer = await chatToolMessage(ts, session, call);
  const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = answer ? [answer] : [];
  const tools: OpenAI.Responses.Tool[] = [...responsesTools(ts, session), ...deferredResponsesTools(ts, session)];
  const item = await functionCallOutput(ts, session, { call_id: "c", name: "tool_search", arguments: "{}" });
  const searched = await toolSearchOutput(ts, session, { call_id: "s", arguments: { queries: ["x"] } });
  const input: OpenAI.Responses.ResponseInputItem[] = item ? [item, searched] : [searched];
  return [chat, messages, tools, input];
}

export async function anthropic(ts: ToolSearch, session: Session, use: Anthropic.ToolUseBlock) {
  const tools: Anthropic.ToolUnion[] = [...messagesTools(ts, session), ...deferredMessagesTools(ts, session)];
  const result = await toolResult(ts, session, use);
  const found = await toolSearchResult(ts, session, use);
  const blocks: Anthropic.ToolResultBlockParam[] = result ? [result, found] : [found];
  return [tools, blocks];
}
