import { describe, expect, it } from 'vitest';
import { idOrder } from './grid.js';

describe("the map index's grid", () => {
  it('orders ids as the database does, those sharing their first 48 bits by the rest', async () => {
    const ids = [
      'ffffffff-0000-4000-8000-000000000001',
      '0000000a-ffff-4000-8000-000000000002',
      '0000000a-ffff-4000-8000-000000000001',
      '00000009-ffff-4fff-8fff-ffffffffffff',
      '0000000a-fffe-4000-8000-000000000003',
    ];
    const expected = [...ids].sort();
    expect(Array.from(await idOrder(ids), (at) => ids[at])).toEqual(expected);
  });
});
