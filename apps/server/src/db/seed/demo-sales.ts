import type { DemoListing } from './demo-data.js';

/*
 * Homes of the demo that sold over the last twelve months, so All Properties' sold mode has a
 * market to show in a few cities: each with its sale's date and price, written on its row as the
 * database would have kept them (one sold by its agent without a sale here has no price). They
 * are recorded sales, with no buyer of the demo's behind them.
 */

export interface DemoSale {
  /** Days before the demo starts. */
  daysAgo: number;
  /** Dollars; null when its agent marked it sold without a sale here. */
  price: number | null;
}

export type DemoSoldListing = DemoListing & { sold: DemoSale };

const sold = (
  listing: Omit<DemoListing, 'approval'>,
  daysAgo: number,
  price: number | null,
): DemoSoldListing => ({ ...listing, approval: 'approved', sold: { daysAgo, price } });

export const DEMO_SOLD_LISTINGS: DemoSoldListing[] = [
  sold(
    {
      key: 'austin-sold-bungalow',
      agent: 'agent1',
      title: 'Craftsman Bungalow in Travis Heights',
      description:
        'A 1930s bungalow with a deep front porch, original oak floors and a renovated kitchen, on a tree-lined street a few blocks from South Congress.',
      location: 'Austin, Texas',
      type: 'House',
      minPrice: 585_000,
      maxPrice: 625_000,
      bedrooms: 3,
      bathrooms: 2,
      areaSize: 1650,
      features: ['Garden', 'Parking', 'Air Conditioning'],
    },
    12,
    612_500,
  ),
  sold(
    {
      key: 'austin-sold-condo',
      agent: 'agent1',
      title: 'Rainey Street High-Rise Condo',
      description:
        'A one-bedroom on the twenty-second floor with a west-facing balcony over the river, a pool deck and a fitness centre in the building.',
      location: 'Austin, Texas',
      type: 'Condo',
      minPrice: 410_000,
      maxPrice: 440_000,
      bedrooms: 1,
      bathrooms: 1,
      areaSize: 780,
      features: ['Balcony', 'Elevator', 'Swimming Pool'],
    },
    96,
    418_000,
  ),
  sold(
    {
      key: 'austin-sold-townhouse',
      agent: 'agent3',
      title: 'Mueller Townhouse by the Park',
      description:
        'A three-storey townhouse facing the lake park, with a two-car garage, a roof deck and solar panels that came with the sale.',
      location: 'Austin, Texas',
      type: 'Townhouse',
      minPrice: 495_000,
      maxPrice: 530_000,
      bedrooms: 3,
      bathrooms: 2.5,
      areaSize: 1880,
      features: ['Garage', 'Balcony', 'Air Conditioning'],
    },
    203,
    507_000,
  ),
  sold(
    {
      key: 'austin-sold-ranch',
      agent: 'agent3',
      title: 'Ranch House on a Half Acre in Oak Hill',
      description:
        'A single-storey ranch house on half an acre of live oaks, sold by its owner through the agent outside Keyhaven: its price was not shared.',
      location: 'Austin, Texas',
      type: 'House',
      minPrice: 540_000,
      maxPrice: 575_000,
      bedrooms: 4,
      bathrooms: 2,
      areaSize: 2240,
      features: ['Garage', 'Garden'],
    },
    158,
    null,
  ),
  sold(
    {
      key: 'seattle-sold-craftsman',
      agent: 'agent2',
      title: 'Ballard Craftsman with a Backyard Studio',
      description:
        'A restored craftsman house with a detached studio, raised vegetable beds and a covered porch, a short walk from the Ballard locks.',
      location: 'Seattle, Washington',
      type: 'House',
      minPrice: 915_000,
      maxPrice: 965_000,
      bedrooms: 3,
      bathrooms: 2,
      areaSize: 1920,
      features: ['Garden', 'Parking'],
    },
    34,
    948_000,
  ),
  sold(
    {
      key: 'seattle-sold-apartment',
      agent: 'agent2',
      title: 'Capitol Hill One-Bedroom with Views',
      description:
        'A top-floor one-bedroom with skyline views, a gas range and a shared roof terrace, steps from the light rail station.',
      location: 'Seattle, Washington',
      type: 'Apartment',
      minPrice: 455_000,
      maxPrice: 480_000,
      bedrooms: 1,
      bathrooms: 1,
      areaSize: 690,
      features: ['Elevator', 'Balcony'],
    },
    131,
    462_500,
  ),
  sold(
    {
      key: 'seattle-sold-townhouse',
      agent: 'agent2',
      title: 'Fremont Townhouse near the Canal',
      description:
        'A modern townhouse with an open main floor, a rooftop deck looking at the canal and a private garage, in a quiet row of four.',
      location: 'Seattle, Washington',
      type: 'Townhouse',
      minPrice: 780_000,
      maxPrice: 820_000,
      bedrooms: 3,
      bathrooms: 2.5,
      areaSize: 1610,
      features: ['Garage', 'Balcony'],
    },
    287,
    776_000,
  ),
  sold(
    {
      key: 'phoenix-sold-ranch',
      agent: 'agent3',
      title: 'Arcadia Ranch House with a Pool',
      description:
        'A low ranch house among the citrus trees of Arcadia, with a heated pool, a shaded patio and views of Camelback Mountain.',
      location: 'Phoenix, Arizona',
      type: 'House',
      minPrice: 720_000,
      maxPrice: 760_000,
      bedrooms: 4,
      bathrooms: 3,
      areaSize: 2350,
      features: ['Swimming Pool', 'Garage', 'Air Conditioning'],
    },
    58,
    735_000,
  ),
  sold(
    {
      key: 'phoenix-sold-condo',
      agent: 'agent3',
      title: 'Roosevelt Row Loft Condo',
      description:
        'A loft condo with polished concrete floors and tall windows in the arts district, with covered parking and a shared pool.',
      location: 'Phoenix, Arizona',
      type: 'Condo',
      minPrice: 268_000,
      maxPrice: 289_000,
      bedrooms: 1,
      bathrooms: 1,
      areaSize: 820,
      features: ['Parking', 'Swimming Pool', 'Air Conditioning'],
    },
    176,
    271_000,
  ),
  sold(
    {
      key: 'phoenix-sold-villa',
      agent: 'agent1',
      title: 'Desert Villa in the Foothills',
      description:
        'A stucco villa on an acre of desert garden with a courtyard fountain, a casita for guests and a three-car garage.',
      location: 'Phoenix, Arizona',
      type: 'Villa',
      minPrice: 1_150_000,
      maxPrice: 1_250_000,
      bedrooms: 5,
      bathrooms: 4,
      areaSize: 3900,
      features: ['Swimming Pool', 'Garage', 'Security'],
    },
    331,
    1_180_000,
  ),
  sold(
    {
      key: 'nashville-sold-house',
      agent: 'agent1',
      title: 'East Nashville Cottage with a Porch Swing',
      description:
        'A painted cottage with a porch swing, a fenced garden and a new roof, close to the coffee shops and music venues of Five Points.',
      location: 'Nashville, Tennessee',
      type: 'House',
      minPrice: 455_000,
      maxPrice: 485_000,
      bedrooms: 2,
      bathrooms: 2,
      areaSize: 1320,
      features: ['Garden', 'Parking'],
    },
    21,
    471_000,
  ),
  sold(
    {
      key: 'nashville-sold-townhouse',
      agent: 'agent2',
      title: 'The Gulch Townhouse with a Rooftop',
      description:
        'A townhouse with a rooftop terrace over the Gulch, an attached garage and an open kitchen, a walk from Broadway and the Frist.',
      location: 'Nashville, Tennessee',
      type: 'Townhouse',
      minPrice: 640_000,
      maxPrice: 690_000,
      bedrooms: 3,
      bathrooms: 3.5,
      areaSize: 2010,
      features: ['Garage', 'Balcony', 'Air Conditioning'],
    },
    119,
    655_000,
  ),
  sold(
    {
      key: 'nashville-sold-condo',
      agent: 'agent3',
      title: 'Germantown Condo near the Market',
      description:
        'A two-bedroom condo with exposed brick and a private balcony, a block from the farmers’ market and the greenway.',
      location: 'Nashville, Tennessee',
      type: 'Condo',
      minPrice: 339_000,
      maxPrice: 365_000,
      bedrooms: 2,
      bathrooms: 2,
      areaSize: 1080,
      features: ['Balcony', 'Elevator', 'Parking'],
    },
    245,
    348_500,
  ),
];
