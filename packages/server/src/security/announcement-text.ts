/**
 * Elements whose content is never announcement text (code, styles, embedded documents, form fields): dropped
 * with everything inside them, up to their end tag or, unclosed, to the end of the text.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'title',
  'head',
];
const DROPPED = new RegExp(
  `<(${DROPPED_WITH_CONTENT.join('|')})\\b(?:[^>"']|"[^"]*"|'[^']*')*>[\\s\\S]*?(?:<\\/\\1\\s*>|$)`,
  'gi',
);

/** Elements that end a paragraph: their tags become a line break so the text keeps its paragraphs. */
const LINE_BREAKING = new Set(
  'address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody tfoot thead tr ul'.split(
    ' ',
  ),
);

/** A start or end tag (attributes quoted or not), a comment, a doctype, CDATA or a processing instruction. */
const MARKUP =
  /<\/?([a-zA-Z][a-zA-Z0-9:-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;

/** A `<` an HTML parser would read as the start of markup. */
const TAG_OPENER = /<(?=[a-zA-Z/!?])/g;

/**
 * Announcement text as it may reach a browser: an allow-list sanitiser whose list of allowed elements is empty,
 * because announcements are plain text (docs/data-format.md) and the client shows them as text. Whatever markup
 * an import let through — `<script>`, `<img onerror=…>`, `<a href="javascript:…">`, `<iframe>` — is removed with
 * its attributes: scripts, styles and embedded documents with their content, every other tag leaving its text
 * (paragraph tags a line break). A `<` that starts no tag (`金额<100万元`, `a < b`) is text and stays. Applied where the
 * details are read (src/details), so rows stored before this existed are served clean too.
 */
export function sanitiseAnnouncementText(text: string): string {
  if (!text.includes('<')) return text;
  const withoutCode = text.replace(DROPPED, '');
  const withoutTags = withoutCode.replace(MARKUP, (_tag, name: string | undefined) =>
    name && LINE_BREAKING.has(name.toLowerCase()) ? '\n' : '',
  );
  // What is left of broken markup (`<img src="x onerror=…` with no end) could still open a tag in an HTML
  // parser: its `<` becomes the full-width '＜', which reads the same and opens nothing.
  return withoutTags.replace(TAG_OPENER, '＜');
}
