#pragma once
// The Markdown dialect guide bodies are written in, as md4c flags: what the app renders with
// (QTextDocument::setMarkdown hands its MarkdownFeatures to md4c unchanged) and what
// `rlab check-content` parses with, so what is checked is what is shown. GitHub's dialect
// (tables, strikethrough, task lists, permissive autolinks, underline) without raw HTML.

namespace rlab::content {

unsigned markdownRendererFlags();

} // namespace rlab::content
