export {
  isEmptyCellValue,
  PageTable,
  type PageTableColumn,
  type PageTableProps,
  type PageTableSort,
  type SortValue,
  sortRows,
} from './page-table';
