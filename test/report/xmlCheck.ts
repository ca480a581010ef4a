/**
 * A minimal XML well-formedness check for tests: balanced tags, quoted attributes, only known
 * entities, no raw `<`/`&` in text, comments without `--` and none of the characters XML 1.0 forbids.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(xml)) problems.push('forbidden control character');
  const comments = [...xml.matchAll(/<!--([\s\S]*?)-->/g)];
  for (const [, inside] of comments) if (inside!.includes('--') || inside!.endsWith('-')) problems.push('"--" inside a comment');
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '').replace(/<!--[\s\S]*?-->/g, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let match: RegExpExecArray | null;
  while ((match = token.exec(body)) !== null) {
    const [, closing, name, attrs, selfClosing, text, stray] = match;
    if (stray !== undefined) {
      problems.push(`stray "<" at ${match.index}: ${body.slice(match.index, match.index + 40)}`);
      continue;
    }
    if (text !== undefined) {
      const badAmp = text.match(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
      if (badAmp) problems.push(`bare "&" in text at ${match.index}`);
      if (stack.length === 0 && text.trim() !== '') problems.push('text outside the root element');
      continue;
    }
    if (attrs && /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(attrs)) problems.push(`bare "&" in attributes of <${name}>`);
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else if (!selfClosing) {
      stack.push(name ?? '');
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  return problems;
}

/** Decodes the five XML entities and numeric references in an attribute or text value. */
export function xmlDecode(text: string): string {
  return text
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
