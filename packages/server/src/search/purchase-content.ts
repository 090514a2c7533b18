/**
 * The purchase content of an announcement (spec §3 search type 30, 采购内容): what is bought or built, as the
 * notice states it — the project name and the sections that describe the goods, works or services. Read from
 * the body by their labels, as notices of every source write them:
 *
 * - a label with its text on the same line (`采购需求概况：办公桌椅…`, `三、项目概况：…`, `建设规模及内容：…`);
 * - a heading whose text follows on the next lines (`采购需求：` then one line per lot; `四、主要标的信息` then
 *   one line per lot), up to the next numbered heading, a line of other facts (`合同履行期限：` …) or 20 lines.
 *
 * A notice without such sections (a 更正 notice, an award without 标的 lines) has the project name only. The
 * text is stored nowhere; the search index keeps its tokens (`content_tokens`).
 */

const CONTENT_LABELS = [
  '采购需求概况',
  '采购需求',
  '需求概况',
  '主要标的信息',
  '采购标的',
  '采购内容',
  '采购品目',
  '招标内容',
  '招标范围',
  '建设规模及内容',
  '建设内容',
  '建设规模',
  '服务内容',
  '服务范围',
  '项目概况',
  '项目内容',
];

const LABEL_LINE = new RegExp(
  `^\\s*(?:[一二三四五六七八九十]+[、.．]|\\d+[、.．]|[（(][一二三四五六七八九十\\d]+[）)])?\\s*(?:${CONTENT_LABELS.join('|')})\\s*(?:[:：]\\s*(.*))?$`,
);
/** Where a heading's block ends: a numbered heading, or a line about other facts of the notice. */
const BLOCK_END =
  /^\s*(?:[一二三四五六七八九十]+[、.．]|合同履行期限|履约期限|本项目|预算金额|最高限价|采购方式|项目编号|申请人的资格要求|投标人资格|供应商资格)/;
const MAX_BLOCK_LINES = 20;

export function purchaseContent(projectName: string | null, body: string): string {
  const parts: string[] = projectName ? [projectName] : [];
  const lines = body.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const match = LABEL_LINE.exec(lines[index] ?? '');
    if (!match) continue;
    const inline = match[1]?.trim();
    if (inline) {
      parts.push(inline);
      continue;
    }
    // A bare heading (`项目概况` without a colon introduces the ccgp summary sentence, not the content).
    if (match[0].includes('项目概况') && !/[:：]/.test(match[0])) continue;
    let taken = 0;
    for (index += 1; index < lines.length && taken < MAX_BLOCK_LINES; index += 1, taken += 1) {
      const line = (lines[index] ?? '').trim();
      if (line === '' || BLOCK_END.test(line) || LABEL_LINE.test(line)) break;
      parts.push(line);
    }
    index -= 1;
  }
  return parts.join('\n');
}
