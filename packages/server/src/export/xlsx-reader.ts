import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reads an .xlsx back the way a spreadsheet program opens it: the ZIP's central directory, each entry inflated
 * and its CRC checked, the workbook's sheet names, and each sheet's cells (inline strings, shared strings and
 * numbers) by their cell references. For tests and the benchmark: it proves a written file opens, independently
 * of how the writer kept its own books.
 */

export interface ReadSheet {
  name: string;
  /** Rows by position; a missing cell is ''. */
  rows: string[][];
}

function unzip(file: Buffer): Map<string, Buffer> {
  const endAt = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('不是 ZIP 文件：找不到中央目录结尾');
  const count = file.readUInt16LE(endAt + 10);
  let at = file.readUInt32LE(endAt + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (file.readUInt32LE(at) !== 0x02014b50) throw new Error('中央目录损坏');
    const method = file.readUInt16LE(at + 10);
    const crc = file.readUInt32LE(at + 16);
    const compressedSize = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localAt = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = localAt + 30 + file.readUInt16LE(localAt + 26) + file.readUInt16LE(localAt + 28);
    const stored = file.subarray(dataAt, dataAt + compressedSize);
    const content = method === 8 ? inflateRawSync(stored) : Buffer.from(stored);
    if (crc32(content) >>> 0 !== crc >>> 0) throw new Error(`${name} 的 CRC 校验失败`);
    entries.set(name, content);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    switch (entity) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return String.fromCodePoint(
          entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
        );
    }
  });
}

function textOf(xml: string): string {
  return [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)]
    .map((match) => unescapeXml(match[1] ?? ''))
    .join('');
}

function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** Every sheet of the workbook, in workbook order. */
export function readXlsx(file: Buffer): ReadSheet[] {
  const entries = unzip(file);
  const text = (name: string) => entries.get(name)?.toString('utf8');
  const workbook = text('xl/workbook.xml');
  const relations = text('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations || !text('[Content_Types].xml')) throw new Error('缺少工作簿的必需部件');
  const targets = new Map(
    [...relations.matchAll(/<Relationship [^>]*Id="([^"]+)"[^>]*Target="([^"]+)"/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
  const shared = [...(text('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) =>
    textOf(match[1] ?? ''),
  );
  return [...workbook.matchAll(/<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"/g)].map((match) => {
    const target = targets.get(match[2] ?? '') ?? '';
    const xml = text(`xl/${target.replace(/^\/?xl\//, '')}`);
    if (xml === undefined) throw new Error(`找不到工作表 ${target}`);
    const rows: string[][] = [];
    for (const row of xml.matchAll(/<row [^>]*r="(\d+)"[^>]*>([\s\S]*?)<\/row>/g)) {
      const cells: string[] = [];
      for (const cell of (row[2] ?? '').matchAll(/<c(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const attributes = cell[1] ?? '';
        // Without a reference a cell follows the one before it (ECMA-376 §18.3.1.4).
        const reference = /r="([A-Z]+\d+)"/.exec(attributes)?.[1];
        const type = /t="([^"]+)"/.exec(attributes)?.[1];
        const body = cell[2] ?? '';
        const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
        const content =
          type === 'inlineStr'
            ? textOf(body)
            : type === 's'
              ? (shared[Number(value)] ?? '')
              : unescapeXml(value ?? '');
        const index = reference ? columnIndex(reference) : cells.length;
        while (cells.length < index) cells.push('');
        cells[index] = content;
      }
      rows[Number(row[1]) - 1] = cells;
    }
    return { name: unescapeXml(match[1] ?? ''), rows: Array.from(rows, (row) => row ?? []) };
  });
}
