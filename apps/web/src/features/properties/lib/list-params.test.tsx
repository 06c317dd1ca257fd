import { GEO_MESSAGES } from '@keyhaven/shared/constants';
import { describe, expect, it } from 'vitest';
import { AUSTIN_SEARCH } from './austin-search.fixture';
import {
  catalogueQueryOf,
  catalogueSearchFrom,
  catalogueSearchToParams,
  polygonProblem,
} from './list-params';

const read = (address: string) => catalogueSearchFrom(new URLSearchParams(address));
const roundTrip = (address: string) => catalogueSearchToParams(read(address)).toString();

describe('the All Properties address', () => {
  it('reads every filter, the area, the outline, the sort, the page and the view, and writes them back the same', () => {
    const address = new URLSearchParams({
      location: 'Austin',
      types: 'House,Villa',
      features: 'Garden,Parking',
      minPrice: '250000',
      maxPrice: '600000.5',
      minBeds: '3',
      minBaths: '1.5',
      bbox: '-98,30,-97.5,30.5',
      polygon: '-97.9,30.1;-97.6,30.1;-97.7,30.4',
      sort: 'area-desc',
      page: '2',
      view: 'map',
    }).toString();

    expect(read(address)).toEqual({
      ...AUSTIN_SEARCH,
      maxPrice: 600_000.5,
      polygon: [
        { lng: -97.9, lat: 30.1 },
        { lng: -97.6, lat: 30.1 },
        { lng: -97.7, lat: 30.4 },
      ],
      sort: 'area-desc',
      page: 2,
      view: 'map',
    });
    expect(roundTrip(address)).toBe(address);
  });

  it("reads Home's type and price bucket as one type and the bucket's bounds", () => {
    expect(read('propertyType=Villa&priceRange=%24300k+-+%24600k')).toMatchObject({
      types: ['Villa'],
      minPrice: 300_000,
      maxPrice: 600_000,
    });
    expect(roundTrip('propertyType=Villa&priceRange=%24600k%2B')).toBe(
      'propertyType=Villa&minPrice=600000',
    );
  });

  it('asks the API for one type as propertyType and for several as types', () => {
    expect(catalogueQueryOf(read('types=Condo'))).toMatchObject({ propertyType: 'Condo' });
    expect(catalogueQueryOf(read('types=Condo,Land'))).toMatchObject({ types: 'Condo,Land' });
    expect(catalogueQueryOf(read('types=Condo,Land'))).not.toHaveProperty('propertyType');
  });

  it('leaves out what does not read, so an edited link still lists homes instead of failing', () => {
    const search = read(
      'types=House,Castle,House&features=Moat&minPrice=1e5&maxPrice=abc&minBeds=2.5&minBaths=1.25&bbox=1,2,3&polygon=0,0;1,1;1,0;0,1&sort=cheapest&page=-3&view=globe',
    );
    expect(search).toEqual({
      location: '',
      types: ['House'],
      features: [],
      minPrice: undefined,
      maxPrice: undefined,
      minBeds: undefined,
      minBaths: undefined,
      bbox: undefined,
      polygon: undefined,
      sort: 'newest',
      page: 1,
      view: 'list',
    });
  });

  it('drops a maximum price under the minimum rather than ask for nothing', () => {
    expect(read('minPrice=500000&maxPrice=100000')).toMatchObject({
      minPrice: 500_000,
      maxPrice: undefined,
    });
  });

  it('says why an outline in the address was left out', () => {
    const crossing = new URLSearchParams({ polygon: '0,0;1,1;1,0;0,1' });
    expect(polygonProblem(crossing)).toBe(GEO_MESSAGES.polygonSelfIntersecting);
    expect(polygonProblem(new URLSearchParams({ polygon: '0,0;1,0;0,1' }))).toBeUndefined();
    expect(polygonProblem(new URLSearchParams())).toBeUndefined();
  });
});
