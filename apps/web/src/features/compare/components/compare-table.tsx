import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { Link } from 'react-router';
import { ListingPicture } from '@/components/listing/listing-picture';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { coverPhotoOf } from '@/lib/image-renditions';
import type { Property } from '@/lib/listing';
import { propertyDetailsPath } from '@/lib/paths';
import { compareRows } from '../lib/compare-rows';

/**
 * One compared home as the table shows it: on its way, shown, or failed to load. A home that has
 * gone away is not a column (the page says so above the table).
 */
export type CompareColumn =
  | { id: string; state: 'loading' }
  | { id: string; state: 'loaded'; property: Property }
  | { id: string; state: 'failed'; retry: () => void; retrying: boolean };

type CompareTableProps = {
  columns: CompareColumn[];
  onRemove: (id: string) => void;
};

const titleOf = (property: Property) => property.title.trim() || PROPERTY_MESSAGES.untitled;

/** What a column says about itself where a listing would go, and how to take it off. */
function ColumnHeading({ column, onRemove }: { column: CompareColumn; onRemove: () => void }) {
  const name = column.state === 'loaded' ? titleOf(column.property) : 'this listing';
  return (
    <Th scope="col" wrap className="min-w-52 align-top">
      {column.state === 'loaded' && (
        <>
          <ListingPicture
            photo={coverPhotoOf(column.property, '')}
            alt=""
            sizes="16rem"
            className="aspect-[3/2] w-full rounded-lg"
          />
          <Link
            to={propertyDetailsPath(column.property._id)}
            className="mt-2 block text-base font-bold text-teal-900 underline-offset-2 hover:underline"
          >
            {titleOf(column.property)}
          </Link>
          <p className="font-normal text-stone-700">
            {column.property.location.trim() || PROPERTY_MESSAGES.noLocation}
          </p>
        </>
      )}
      {column.state === 'loading' && <p className="font-normal text-stone-700">Loading home...</p>}
      {column.state === 'failed' && (
        <div className="font-normal text-stone-800">
          <p>We couldn't load this home.</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={column.retry}
            disabled={column.retrying}
          >
            Retry
          </Button>
        </div>
      )}
      <Button variant="dangerOutline" size="sm" className="mt-3" onClick={onRemove}>
        Remove<span className="sr-only"> {name} from the comparison</span>
      </Button>
    </Th>
  );
}

/**
 * The homes side by side, one column each and one row per fact. A row where they disagree is
 * tinted and says 'Differs' in words, so it reads the same without colour or sight.
 */
export function CompareTable({ columns, onRemove }: CompareTableProps) {
  const rows = compareRows(
    columns.map((column) => (column.state === 'loaded' ? column.property : null)),
  );
  return (
    <TableRegion label="Homes compared side by side">
      <thead>
        <tr>
          <Th scope="col" className="sticky left-0 z-10 w-40 align-bottom">
            Home
          </Th>
          {columns.map((column) => (
            <ColumnHeading key={column.id} column={column} onRemove={() => onRemove(column.id)} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={cn(row.differs && 'bg-amber-50')}>
            <th
              scope="row"
              className={cn(
                'sticky left-0 z-10 border-b border-stone-100 px-3 py-3 text-left align-top font-semibold text-stone-900',
                row.differs ? 'bg-amber-50' : 'bg-white',
              )}
            >
              {row.label}
              {row.differs && (
                <Badge tone="amberSolid" className="ml-2">
                  Differs
                </Badge>
              )}
            </th>
            {row.values.map((value, index) => (
              <Td key={columns[index]?.id ?? index}>
                {value ?? (
                  <>
                    <span aria-hidden="true">-</span>
                    <span className="sr-only">Not available</span>
                  </>
                )}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
