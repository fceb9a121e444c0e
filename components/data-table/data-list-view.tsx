import type { HTMLAttributes, ReactNode } from 'react';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';

/** One column of a list's table: its heading and what a row shows in it. */
export interface DataColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  headerClassName?: string;
}

type DataAttributes = HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | undefined>;

/** From which width the table shows; below it, one card per row (a 390 px phone never scrolls sideways). */
export type TableFrom = 'sm' | 'md' | 'lg';
// Whole class names, so Tailwind finds them.
const TABLE_SHOWN: Record<TableFrom, string> = { sm: 'hidden sm:block', md: 'hidden md:block', lg: 'hidden lg:block' };
const CARDS_SHOWN: Record<TableFrom, string> = { sm: 'sm:hidden', md: 'md:hidden', lg: 'lg:hidden' };

export interface DataListProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Names the table region and the card list alike. */
  label: string;
  caption?: string;
  /** The table's columns; none: cards at every width. */
  columns?: ReadonlyArray<DataColumn<T>>;
  card: (row: T) => ReactNode;
  tableFrom?: TableFrom;
  rowProps?: (row: T) => DataAttributes;
  cardProps?: (row: T) => DataAttributes;
  /** A full-width row under a row (e.g. details that need the table's width). */
  afterRow?: (row: T) => ReactNode;
}

/**
 * How a list looks: a table on wide screens, a card list on narrow ones, from one set of rows, both in the markup
 * and CSS showing one. `cardsOnly` leaves the table out (a phone's request, see ./data-list.tsx): React hydrates
 * all it is sent, hidden or not. A list without `columns` (a feed whose every row is one link, the inbox, rendered
 * in the browser) is the card list at every width. Server lists use DataList, which decides `cardsOnly`.
 */
export function DataListView<T>({
  rows,
  rowKey,
  label,
  caption,
  columns,
  card,
  tableFrom = 'sm',
  rowProps,
  cardProps,
  afterRow,
  cardsOnly = false,
}: DataListProps<T> & { cardsOnly?: boolean }) {
  const cards = (
    <CardList aria-label={label} className={columns && !cardsOnly ? CARDS_SHOWN[tableFrom] : undefined}>
      {rows.map((row) => (
        <CardListItem key={rowKey(row)} {...cardProps?.(row)}>
          {card(row)}
        </CardListItem>
      ))}
    </CardList>
  );
  if (!columns || cardsOnly) return cards;
  return (
    <>
      <div className={TABLE_SHOWN[tableFrom]}>
        <Table label={label}>
          {caption ? <TableCaption>{caption}</TableCaption> : null}
          <THead>
            <tr>
              {columns.map((c) => (
                <TH key={c.id} className={c.headerClassName}>
                  {c.header}
                </TH>
              ))}
            </tr>
          </THead>
          <TBody>
            {rows.map((row) => {
              const key = rowKey(row);
              const after = afterRow?.(row);
              return [
                <TR key={key} {...rowProps?.(row)}>
                  {columns.map((c) => (
                    <TD key={c.id} className={c.className}>
                      {c.cell(row)}
                    </TD>
                  ))}
                </TR>,
                after ? (
                  <TR key={`${key}-after`}>
                    <TD colSpan={columns.length} className="pt-0">
                      {after}
                    </TD>
                  </TR>
                ) : null,
              ];
            })}
          </TBody>
        </Table>
      </div>
      {cards}
    </>
  );
}
