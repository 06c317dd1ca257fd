import type { MatrixRow } from './matrix.js';

export const MARKETPLACE_ROWS: MatrixRow[] = [];
