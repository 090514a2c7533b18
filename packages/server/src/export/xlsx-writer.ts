import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming .xlsx writer (Office Open XML SpreadsheetML in a ZIP), written by hand on node:zlib so that a
 * 100,000-row export keeps a few hundred kilobytes in memory (docs/performance.md "Export"): rows go straight
 * through deflate into the file. Strings are inline (`t="inlineStr"`), so no shared-string table has to be held
 * until the end. ZIP entries use data descriptors (general purpose flag bit 3): sizes and CRC follow the data.
 * No ZIP64: an export stays far below 4 GB.
 */

export type CellValue = string | number | null | undefined;

/** A text cell starting with one of these would be read as a formula by a spreadsheet (CSV/formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 cannot carry are exactly what must go
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** A text as a cell shows it: formulas neutralised with a leading apostrophe, XML-invalid characters dropped. */
export function safeCellText(text: string): string {
  const clean = INVALID_XML.test(text) ? text.replace(INVALID_XML, '') : text;
  return FORMULA_START.test(clean) ? `'${clean}` : clean;
}

const XML_SPECIAL = /[&<>"]/;

function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(/[&<>"]/g, (character) =>
    character === '&' ? '&amp;' : character === '<' ? '&lt;' : character === '>' ? '&gt;' : '&quot;',
  );
}

/** Characters a sheet name may not hold, and its 31-character limit. */
function sheetName(name: string): string {
  return [...name.replace(/[[\]:*?/\\]/g, ' ')].slice(0, 31).join('') || 'Sheet';
}

interface ZipEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressedSize: number;
  size: number;
}

/** DOS date and time of an instant, as ZIP headers keep them (local fields of the given date). */
function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Uncompressed bytes allowed to wait for deflate before the writer waits. */
const DEFLATE_QUEUE_BYTES = 4 * 1024 * 1024;
const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const DEFLATE = 8;

/** A ZIP file written entry by entry, each streamed through deflate. */
class ZipStream {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];
  private readonly stamp: { time: number; date: number };

  constructor(
    private readonly out: WriteStream,
    now: Date,
  ) {
    this.stamp = dosDateTime(now);
  }

  private async raw(buffer: Buffer): Promise<void> {
    this.offset += buffer.length;
    if (!this.out.write(buffer)) await once(this.out, 'drain');
  }

  /** Writes one entry; `produce` hands its content over piece by piece through `write`. */
  async entry(name: string, produce: (write: (text: string) => Promise<void>) => Promise<void>) {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry: ZipEntry = { name: nameBytes, offset: this.offset, crc: 0, compressedSize: 0, size: 0 };
    await this.raw(Buffer.concat([header, nameBytes]));

    // Level 1: deflate is most of the writing; level 1 is much faster than the default 6 for a somewhat larger
    // file (docs/performance.md "Export").
    const deflate = createDeflateRaw({ level: 1 });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const ended = once(deflate, 'end');
    await produce(async (text) => {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      // Wait only when a few megabytes are queued: waiting at every 16 KB high-water mark costs a round trip to
      // the thread pool per batch, which on a busy machine is most of the time.
      if (!deflate.write(bytes) && deflate.writableLength > DEFLATE_QUEUE_BYTES) await once(deflate, 'drain');
    });
    deflate.end();
    await ended;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.raw(descriptor);
    this.entries.push(entry);
  }

  /** The central directory and its end record; then the file is complete. */
  async finish(): Promise<number> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressedSize, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.raw(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    return this.offset;
  }
}

export interface SheetColumn {
  header: string;
  /** Width in characters (Chinese characters count about two). */
  width?: number;
  /** Amounts: shown with digit grouping and two decimals (built-in format 4, `#,##0.00`), still numbers. */
  grouped?: boolean;
}

/** The style of cells shown with digit grouping (the third `cellXfs` entry of STYLES). */
const GROUPED_STYLE = ' s="2"';

export interface SheetSource {
  name: string;
  columns: readonly SheetColumn[];
  /** The rows, in order; produced lazily so that only a batch is in memory at a time. */
  rows: AsyncIterable<readonly CellValue[]> | Iterable<readonly CellValue[]>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** Style 1: the bold header; style 0: the default. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="等线"/></font><font><b/><sz val="11"/><name val="等线"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

/** Leading or trailing white space, which XML would drop without xml:space. */
const EDGE_SPACE = /^\s|\s$/;

/**
 * A cell without its reference: cells of a row are placed one after the other (ECMA-376 §18.3.1.4), so an
 * empty cell is written as `<c/>` to hold its place. Shorter rows: less to build and to deflate.
 */
function cellXml(value: CellValue, style: string): string {
  if (value === null || value === undefined || value === '') return style ? `<c${style}/>` : '<c/>';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c${style}><v>${value}</v></c>` : '<c/>';
  }
  const text = escapeXml(safeCellText(value));
  const space = EDGE_SPACE.test(text) ? ' xml:space="preserve"' : '';
  return `<c${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

function rowXml(
  rowNumber: number,
  cells: readonly CellValue[],
  style = '',
  columnStyles: readonly string[] = [],
): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, index) => {
    xml += cellXml(value, columnStyles[index] || style);
  });
  return `${xml}</row>`;
}

/** Text is gathered to about this size before it goes to deflate: fewer, larger writes. */
const BATCH_CHARACTERS = 64 * 1024;

export interface WorkbookProgress {
  /** Called after each batch with the data rows written so far (all sheets). */
  onRows?: (written: number) => void | Promise<void>;
}

/**
 * Writes a workbook of these sheets to `path`, streaming: each sheet's rows are read once, in order. Answers the
 * data rows written per sheet and the file's size.
 */
export async function writeXlsx(
  path: string,
  sheets: readonly SheetSource[],
  now: Date,
  progress: WorkbookProgress = {},
): Promise<{ rows: number[]; bytes: number }> {
  const out = createWriteStream(path);
  const closed = once(out, 'close');
  const zip = new ZipStream(out, now);
  const rows: number[] = [];
  let total = 0;
  try {
    await zip.entry('[Content_Types].xml', async (write) => {
      await write(
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets
          .map(
            (_, index) =>
              `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('')}</Types>`,
      );
    });
    await zip.entry('_rels/.rels', (write) =>
      write(
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    );
    await zip.entry('xl/workbook.xml', (write) =>
      write(
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets
          .map(
            (sheet, index) =>
              `<sheet name="${escapeXml(sheetName(sheet.name))}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
          )
          .join('')}</sheets></workbook>`,
      ),
    );
    await zip.entry('xl/_rels/workbook.xml.rels', (write) =>
      write(
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
          .map(
            (_, index) =>
              `<Relationship Id="rId${index + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
          )
          .join(
            '',
          )}<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
      ),
    );
    await zip.entry('xl/styles.xml', (write) => write(STYLES));
    for (const [index, sheet] of sheets.entries()) {
      let count = 0;
      await zip.entry(`xl/worksheets/sheet${index + 1}.xml`, async (write) => {
        const widths = sheet.columns
          .map((column, at) =>
            column.width
              ? `<col min="${at + 1}" max="${at + 1}" width="${column.width}" customWidth="1"/>`
              : '',
          )
          .join('');
        let batch = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${widths ? `<cols>${widths}</cols>` : ''}<sheetData>${rowXml(
          1,
          sheet.columns.map((column) => column.header),
          ' s="1"',
        )}`;
        const columnStyles = sheet.columns.map((column) => (column.grouped ? GROUPED_STYLE : ''));
        for await (const row of sheet.rows) {
          count += 1;
          batch += rowXml(count + 1, row, '', columnStyles);
          if (batch.length >= BATCH_CHARACTERS) {
            await write(batch);
            batch = '';
            await progress.onRows?.(total + count);
          }
        }
        await write(`${batch}</sheetData></worksheet>`);
      });
      rows.push(count);
      total += count;
      await progress.onRows?.(total);
    }
    const bytes = await zip.finish();
    out.end();
    await closed;
    return { rows, bytes };
  } catch (error) {
    out.destroy();
    await closed.catch(() => undefined);
    throw error;
  }
}
