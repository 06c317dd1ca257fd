import { type DashboardPeriod, EXPORT_KINDS, type ExportKind } from '@keyhaven/shared/constants';
import { buttonStyles } from '@/components/ui/button';
import { exportCsvUrl } from '../api/export-csv';

const NAMES: Record<ExportKind, string> = {
  users: 'Users',
  listings: 'Listings',
  sales: 'Sales',
};

/** Plain download links: the browser streams each file to disk, however long it is. */
export function ExportLinks({ period }: { period: DashboardPeriod }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {EXPORT_KINDS.map((kind) => (
        <li key={kind}>
          <a
            href={exportCsvUrl(kind, period)}
            download={`keyhaven-${kind}-${period}-days.csv`}
            aria-label={`${NAMES[kind]} (CSV), last ${period} days`}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            {NAMES[kind]} (CSV)
          </a>
        </li>
      ))}
    </ul>
  );
}
