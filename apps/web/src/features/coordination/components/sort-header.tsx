/** The sort state of a server-sorted list now lives with the one table component (components/data-table). */
export { useSorting, type Sorting, type SortOrder } from '../../../components/data-table';
