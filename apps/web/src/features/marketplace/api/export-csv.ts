import type { DashboardPeriod, ExportKind } from '@keyhaven/shared/constants';

/**
 * Where the server streams a CSV of users, listings or sales over `period` days. The page links
 * to it (`<a download>`) rather than fetch it, so the browser writes the rows to disk as they
 * arrive, however many there are, with the admin's session cookie.
 */
export const exportCsvUrl = (kind: ExportKind, period: DashboardPeriod) =>
  `/api/admin/exports/${kind}?period=${period}`;
