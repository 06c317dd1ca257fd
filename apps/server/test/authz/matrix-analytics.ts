import type { MatrixRow } from './matrix.js';

export const ANALYTICS_ROWS: MatrixRow[] = [];
