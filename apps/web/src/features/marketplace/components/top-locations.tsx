import { TableRegion, Td, Th } from '@/components/ui/table';
import type { MarketplaceDashboard } from '../api/twins';
import { formatCount, formatDollars } from '../lib/format';

const Empty = ({ children }: { children: string }) => (
  <p className="mt-3 rounded-2xl border border-dashed border-stone-300 bg-white p-4 text-stone-700">
    {children}
  </p>
);

/** Where listings were created and where homes sold over the period, busiest first. */
export function TopLocations({ dashboard }: { dashboard: MarketplaceDashboard }) {
  const { topLocationsByListings: byListings, topLocationsBySales: bySales } = dashboard;
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <div className="min-w-0">
        <h3 className="font-semibold text-stone-900">By new listings</h3>
        {byListings.length === 0 ? (
          <Empty>No listing was created in this period.</Empty>
        ) : (
          <TableRegion label="Top locations by new listings" className="mt-2" fit>
            <thead>
              <tr>
                <Th>Location</Th>
                <Th className="w-28 text-right">Listings</Th>
              </tr>
            </thead>
            <tbody>
              {byListings.map((row) => (
                <tr key={row.location}>
                  <Td className="break-words">{row.location}</Td>
                  <Td className="text-right tabular-nums">{formatCount(row.listings)}</Td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold text-stone-900">By sales</h3>
        {bySales.length === 0 ? (
          <Empty>No home was sold in this period.</Empty>
        ) : (
          <TableRegion label="Top locations by sales" className="mt-2" fit>
            <thead>
              <tr>
                <Th>Location</Th>
                <Th className="w-20 text-right">Sales</Th>
                <Th className="w-36 text-right">Volume</Th>
              </tr>
            </thead>
            <tbody>
              {bySales.map((row) => (
                <tr key={row.location}>
                  <Td className="break-words">{row.location}</Td>
                  <Td className="text-right tabular-nums">{formatCount(row.sales)}</Td>
                  <Td className="text-right tabular-nums">{formatDollars(row.volume)}</Td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </div>
    </div>
  );
}
