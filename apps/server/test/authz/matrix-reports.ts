import type { MatrixRow } from './matrix.js';

export const REPORTS_ROWS: MatrixRow[] = [];
