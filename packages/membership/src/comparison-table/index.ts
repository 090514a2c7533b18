export { PrivilegeComparisonTable, type PrivilegeComparisonTableProps } from './privilege-comparison-table';
