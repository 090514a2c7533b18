export {
  COMPARISON_ROWS,
  type ComparisonFeatures,
  type ComparisonRow,
  privilegeCellText,
  privilegeComparisonRows,
} from './privilege-comparison';
export { PrivilegeComparisonTable, type PrivilegeComparisonTableProps } from './privilege-comparison-table';
