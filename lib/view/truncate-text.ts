export interface Truncated {
  text: string;
  truncated: boolean;
  hiddenLines: number;
  hiddenChars: number;
}

/** The first `maxLines` lines and at most `maxChars` characters of a long text. */
export function truncateText(text: string, maxLines = 30, maxChars = 4000): Truncated {
  let end = text.length;
  let line = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 10 && ++line >= maxLines) {
      end = i;
      break;
    }
  }
  end = Math.min(end, maxChars);
  if (end >= text.length) return { text, truncated: false, hiddenLines: 0, hiddenChars: 0 };
  const rest = text.slice(end);
  const hiddenLines = rest.split('\n').length - (rest.startsWith('\n') ? 1 : 0);
  return { text: text.slice(0, end), truncated: true, hiddenLines, hiddenChars: rest.length };
}
