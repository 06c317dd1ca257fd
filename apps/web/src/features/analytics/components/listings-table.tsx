import type { ListingAnalyticsSort } from '@keyhaven/shared/constants';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { propertyDetailsPath } from '@/lib/paths';
import type { ListingAnalyticsRow } from '../api/twins';
import { formatCount } from '../lib/figures';
import type { SortOrder } from '../lib/use-analytics-params';

type Column = {
  sort: ListingAnalyticsSort;
  label: string;
  numeric: boolean;
  cell: (row: ListingAnalyticsRow) => string;
};

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

const COLUMNS: Column[] = [
  { sort: 'title', label: 'Listing', numeric: false, cell: (row) => row.title },
  { sort: 'views', label: 'Views', numeric: true, cell: (row) => formatCount(row.views) },
  { sort: 'saves', label: 'Saves', numeric: true, cell: (row) => formatCount(row.saves) },
  { sort: 'offers', label: 'Offers', numeric: true, cell: (row) => formatCount(row.offers) },
  {
    sort: 'accepted',
    label: 'Accepted',
    numeric: true,
    cell: (row) => formatCount(row.accepted),
  },
  { sort: 'sold', label: 'Sold', numeric: true, cell: (row) => formatCount(row.sold) },
  {
    sort: 'daysOnMarket',
    label: 'Days on market',
    numeric: true,
    cell: (row) => formatCount(row.daysOnMarket),
  },
  {
    sort: 'pricePerSqft',
    label: 'Price / sq ft',
    numeric: true,
    cell: (row) => (row.pricePerSqft === null ? '—' : dollars.format(row.pricePerSqft)),
  },
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: Column;
  sort: ListingAnalyticsSort;
  order: SortOrder;
  onSort: (sort: ListingAnalyticsSort) => void;
}) {
  const active = column.sort === sort;
  return (
    <Th aria-sort={active ? ARIA_SORT[order] : undefined} className="p-0">
      <button
        type="button"
        onClick={() => onSort(column.sort)}
        className={cn(
          'flex w-full cursor-pointer items-center gap-1 px-3 py-3 font-semibold hover:bg-sand/60',
          column.numeric && 'justify-end',
          active && 'text-teal-900',
        )}
      >
        {column.label}
        <span aria-hidden className={cn('text-xs', !active && 'text-stone-400')}>
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </Th>
  );
}

function ListingCell({ row }: { row: ListingAnalyticsRow }) {
  return (
    <>
      <Link
        to={propertyDetailsPath(row._id)}
        className="font-semibold text-teal-800 underline-offset-2 hover:underline"
      >
        {row.title}
      </Link>
      <span className="block text-xs text-stone-700">{row.location}</span>
      {row.approval !== 'true' && (
        <Badge tone={row.approval === 'pending' ? 'amber' : 'red'} className="mt-1">
          {row.approval === 'pending' ? 'Awaiting approval' : 'Rejected'}
        </Badge>
      )}
      {row.availability === 'Sold' && (
        <Badge tone="dark" className="mt-1">
          Sold
        </Badge>
      )}
    </>
  );
}

/**
 * The agent's listings with their figures over the period. Each column heading sorts by it (the
 * server sorts, so the order holds across pages); the current one says which way it runs.
 */
export function ListingsTable({
  rows,
  label,
  sort,
  order,
  onSort,
}: {
  rows: ListingAnalyticsRow[];
  label: string;
  sort: ListingAnalyticsSort;
  order: SortOrder;
  onSort: (sort: ListingAnalyticsSort) => void;
}) {
  return (
    <TableRegion label={label} className="mt-4">
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <SortHeader
              key={column.sort}
              column={column}
              sort={sort}
              order={order}
              onSort={onSort}
            />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row._id}>
            {COLUMNS.map((column) =>
              column.sort === 'title' ? (
                <Td key={column.sort} className="min-w-56">
                  <ListingCell row={row} />
                </Td>
              ) : (
                <Td key={column.sort} className="text-right whitespace-nowrap tabular-nums">
                  {column.cell(row)}
                </Td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
