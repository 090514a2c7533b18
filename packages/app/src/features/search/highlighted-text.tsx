import { Mark } from '@mantine/core';

/** One run of a highlighted text: plain, or a match the server marked. */
export interface HighlightRun {
  text: string;
  match: boolean;
}

const MARK = /<em class="hl">([\s\S]*?)<\/em>/g;
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Reads the server's highlight HTML (text escaped, matches in `<em class="hl">`) into runs of text. Nothing of it
 * is ever handed to the DOM as HTML: any other markup stays visible text, so a title cannot inject elements.
 */
export function highlightRuns(html: string): HighlightRun[] {
  const runs: HighlightRun[] = [];
  let at = 0;
  for (const found of html.matchAll(MARK)) {
    const start = found.index ?? 0;
    if (start > at) runs.push({ text: unescapeHtml(html.slice(at, start)), match: false });
    runs.push({ text: unescapeHtml(found[1] ?? ''), match: true });
    at = start + found[0].length;
  }
  if (at < html.length) runs.push({ text: unescapeHtml(html.slice(at)), match: false });
  return runs.filter((run) => run.text !== '');
}

/** A title, snippet or suggestion with the server's matches marked. */
export function HighlightedText({ html }: { html: string }) {
  return (
    <>
      {/* Runs are positional and never reorder: their index is their key. */}
      {highlightRuns(html).map((run, index) =>
        run.match ? (
          <Mark key={index} color="red" c="red.7" bg="transparent" fw={600}>
            {run.text}
          </Mark>
        ) : (
          <span key={index}>{run.text}</span>
        ),
      )}
    </>
  );
}
