import 'server-only';
import { DataListView, type DataListProps } from './data-list-view';
import { requestIsPhone } from '@/lib/http/request-phone';

export type { DataColumn, DataListProps, TableFrom } from './data-list-view';

/**
 * A list page's rows (server components): the list says what its columns and cards show (beside its page, in
 * `_components`); DataListView says how a list looks. A phone gets the cards alone: a table it would never show was
 * half of what the page hydrated (both are in the markup, CSS picking one by width; /team's role menus and buttons
 * ran twice). Everything else gets both, so a narrow desktop window still shows cards and a wide one the table.
 */
export async function DataList<T>(props: DataListProps<T>) {
  return <DataListView {...props} cardsOnly={await requestIsPhone()} />;
}
