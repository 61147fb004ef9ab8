import { markedPieces } from '@/lib/search/marked-text';
import type { MarkedText } from '@/lib/search/search-types';

/** A snippet with its matched words in <mark>: text only, whatever the snippet contains. */
export function MarkedSnippet({ snippet }: { snippet: MarkedText }) {
  return (
    <span className="search-snippet">
      {markedPieces(snippet).map((piece, i) => (piece.hit ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}
    </span>
  );
}
