/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

/** What every page a phone opens from a QR code shares (QR sign-in, sandbox payment): no external assets. */
const BASE_STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;
    background:#f4f6fa;color:#1f2329;line-height:1.6}
  main{max-width:420px;margin:0 auto;padding:32px 20px}
  h1{font-size:20px;margin:0 0 4px}
  .brand{color:#646a73;font-size:14px;margin:0 0 20px}
  .card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.06)}
  .notice{padding:10px 12px;border-radius:8px;font-size:14px;margin:0 0 12px}
  .error{background:#fdecec;color:#b42318}.info{background:#ecf7ee;color:#1a7f37}
  .hint{color:#8f959e;font-size:13px;margin:16px 0 0}
`;

export interface HtmlPage {
  title: string;
  /** The brand's title, shown under the heading and in the window title when known. */
  brandTitle: string;
  /** The page's own CSS, added after the shared rules. */
  style: string;
  /** Trusted HTML inside the card; escape every value put into it. */
  body: string;
  /** A line under the card. */
  hint?: string;
}

/** A small, mobile-first, server-rendered page in Chinese. */
export function htmlPage({ title, brandTitle, style, body, hint }: HtmlPage): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(brandTitle ? `${title} - ${brandTitle}` : title)}</title>
<style>${BASE_STYLE}${style}</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${brandTitle ? `<p class="brand">${escapeHtml(brandTitle)}</p>` : ''}
<div class="card">${body}</div>
${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}
</main></body>
</html>`;
}
