import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import {
  type CellValue,
  EXPORT_COLUMNS,
  exportRows,
  openPostgres,
  readXlsx,
  searchIndex,
  writeXlsx,
} from '@tender/server';
import { ANALYSIS_DATABASE, openAnalysisDatabase } from './analysis-bench';
import { log, round } from './setup';

/**
 * `npm run bench -- export`: a 100,000-row data export (src/export in the server) from the 1M-item PostgreSQL
 * copy — the search for the newest rows, then the streamed .xlsx (rows read 1,000 at a time, straight through
 * deflate into the file) — timed, with the process's peak memory. Baseline, in the same process after it: the
 * same rows as an in-memory workbook (every row held, the sheet built as one string, compressed at once, the
 * way a non-streaming workbook library writes). Both files are read back and compared.
 */

const TARGET = { ms: 5_000, rssMb: 300 };

const mb = (bytes: number) => round(bytes / 1024 / 1024);

/** The process's resident memory, sampled while `work` runs; and the high-water mark the kernel kept. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; sampledPeakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms: round(performance.now() - started), sampledPeakMb: mb(peak) };
  } finally {
    clearInterval(timer);
  }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));

/** The baseline's ZIP: every entry compressed in one piece, the archive assembled in memory, written at once. */
function zipInMemory(entries: [string, Buffer][]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const compressed = deflateRawSync(content);
    const crc = crc32(content) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(content.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, compressed);
    central.push(header, nameBytes);
    offset += 30 + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** The baseline: the workbook model in memory (a cell object per value), then the whole file built at once. */
async function inMemoryWorkbook(path: string, rows: AsyncIterable<CellValue[]>): Promise<number> {
  const model: { value: CellValue; type: 'n' | 's' }[][] = [];
  for await (const row of rows) {
    model.push(row.map((value) => ({ value, type: typeof value === 'number' ? 'n' : 's' })));
  }
  const header = `<row r="1">${EXPORT_COLUMNS.map((column) => `<c t="inlineStr"><is><t>${escapeXml(column.header)}</t></is></c>`).join('')}</row>`;
  const body = model
    .map(
      (row, index) =>
        `<row r="${index + 2}">${row
          .map((cell) =>
            cell.value === null || cell.value === undefined
              ? '<c/>'
              : cell.type === 'n'
                ? `<c><v>${cell.value}</v></c>`
                : `<c t="inlineStr"><is><t>${escapeXml(String(cell.value))}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const file = zipInMemory([
    [
      '[Content_Types].xml',
      Buffer.from(
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    ],
    [
      '_rels/.rels',
      Buffer.from(
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/workbook.xml',
      Buffer.from(
        `${XML_HEAD}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="招标数据" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      Buffer.from(
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/worksheets/sheet1.xml',
      Buffer.from(
        `${XML_HEAD}<worksheet xmlns="${main}"><sheetData>${header}${body}</sheetData></worksheet>`,
      ),
    ],
  ]);
  writeFileSync(path, file);
  return file.length;
}

export interface ExportBenchOptions {
  rows?: number | undefined;
}

export async function exportBench(options: ExportBenchOptions) {
  const rows = options.rows ?? 100_000;
  const db = await openAnalysisDatabase(openPostgres);
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
  try {
    const [{ items }] = (await db.query<{ items: number }>(
      'SELECT count(*)::int AS items FROM tender_item',
    )) as [{ items: number }];
    log(`export: ${rows} rows of ${items} items (${ANALYSIS_DATABASE}); streaming first, then the baseline`);
    const search = async () =>
      (
        await searchIndex.search(db, {
          keywords: [],
          mode: 'precise',
          scope: 'full',
          offset: 0,
          limit: rows,
          countCap: rows,
        })
      ).itemIds;
    // Warm the caches the same way for both (the first read of a cold table is the disk's figure, not ours).
    await search();

    // What the process holds before exporting (modules, the search's dictionary, the pool): the floor of the peak.
    const startRssMb = mb(process.memoryUsage().rss);
    const streamingPath = join(dir, 'streaming.xlsx');
    let searchMs = 0;
    const streaming = await measured(async () => {
      const started = performance.now();
      const ids = await search();
      searchMs = round(performance.now() - started);
      return writeXlsx(
        streamingPath,
        [{ name: '招标数据', columns: EXPORT_COLUMNS, rows: exportRows(db, ids) }],
        new Date(),
      );
    });
    const streamingMaxRssMb = mb(process.resourceUsage().maxRSS * 1024);
    log(`streaming: ${streaming.ms} ms, peak RSS ${streamingMaxRssMb} MB`);

    const baselinePath = join(dir, 'in-memory.xlsx');
    const baseline = await measured(async () =>
      inMemoryWorkbook(baselinePath, exportRows(db, await search())),
    );
    const baselineMaxRssMb = mb(process.resourceUsage().maxRSS * 1024);
    log(`in-memory: ${baseline.ms} ms, peak RSS ${baselineMaxRssMb} MB`);

    // Both files open, with the same rows.
    const [streamed] = readXlsx(readFileSync(streamingPath));
    const [held] = readXlsx(readFileSync(baselinePath));
    const dataRows = (streamed?.rows.length ?? 0) - 1;
    const sameRows =
      dataRows === rows &&
      (held?.rows.length ?? 0) - 1 === rows &&
      JSON.stringify(streamed?.rows[1]?.slice(0, 4)) === JSON.stringify(held?.rows[1]?.slice(0, 4)) &&
      streamed?.rows.at(-1)?.[1] === held?.rows.at(-1)?.[1];
    return {
      benchmark: 'export',
      database: ANALYSIS_DATABASE,
      items,
      rows,
      startRssMb,
      streaming: {
        ms: streaming.ms,
        searchMs,
        writeMs: round(streaming.ms - searchMs),
        rowsPerSecond: Math.round(rows / (streaming.ms / 1000)),
        peakRssMb: streamingMaxRssMb,
        sampledPeakRssMb: streaming.sampledPeakMb,
        fileMb: mb(statSync(streamingPath).size),
      },
      inMemory: {
        ms: baseline.ms,
        peakRssMb: baselineMaxRssMb,
        sampledPeakRssMb: baseline.sampledPeakMb,
        fileMb: mb(statSync(baselinePath).size),
      },
      ratios: {
        inMemoryOverStreamingTime: round(baseline.ms / streaming.ms, 2),
        inMemoryOverStreamingPeakRss: round(baselineMaxRssMb / streamingMaxRssMb, 2),
      },
      readBack: { rows: dataRows, sameRows },
      target: {
        ms: TARGET.ms,
        rssMb: TARGET.rssMb,
        met: streaming.ms <= TARGET.ms && streamingMaxRssMb <= TARGET.rssMb && sameRows,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await db.close();
  }
}
