import type { MatrixRow } from './matrix.js';

export const AUDIT_LOG_ROWS: MatrixRow[] = [];
