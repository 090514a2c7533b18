export { ListPagination, type ListPaginationProps } from './list-pagination';
export { pageWindow } from './page-window';
