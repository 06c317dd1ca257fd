import type { ADD_FEATURES, AdminApprovalStored, Role } from '@keyhaven/shared';
import type { AddPropertyType } from './images.js';

/*
 * The demo marketplace. The accounts and passwords are documented in the README; change them
 * together.
 */

export interface DemoUser {
  key: string;
  email: string;
  password: string;
  role: Role;
  name: string;
  phone: string;
  country: string;
  birth: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'admin',
    email: 'admin@keyhaven.test',
    password: 'Admin123',
    role: 'admin',
    name: 'Amara Okafor',
    phone: '+1 512 555 0100',
    country: 'United States',
    birth: '1984-03-12',
  },
  {
    key: 'agent1',
    email: 'agent1@keyhaven.test',
    password: 'Agent123',
    role: 'agent',
    name: 'Daniel Reyes',
    phone: '+1 512 555 0141',
    country: 'United States',
    birth: '1979-08-23',
  },
  {
    key: 'agent2',
    email: 'agent2@keyhaven.test',
    password: 'Agent123',
    role: 'agent',
    name: 'Priya Nair',
    phone: '+1 206 555 0187',
    country: 'United States',
    birth: '1988-11-02',
  },
  {
    key: 'agent3',
    email: 'agent3@keyhaven.test',
    password: 'Agent123',
    role: 'agent',
    name: 'Marcus Whitfield',
    phone: '+1 404 555 0163',
    country: 'United States',
    birth: '1975-05-17',
  },
  {
    key: 'buyer1',
    email: 'buyer1@keyhaven.test',
    password: 'Buyer123',
    role: 'user',
    name: 'Sofia Martins',
    phone: '+351 912 345 678',
    country: 'Portugal',
    birth: '1992-01-30',
  },
  {
    key: 'buyer2',
    email: 'buyer2@keyhaven.test',
    password: 'Buyer123',
    role: 'user',
    name: 'James Whitaker',
    phone: '+44 7700 900123',
    country: 'United Kingdom',
    birth: '1986-07-09',
  },
  {
    key: 'buyer3',
    email: 'buyer3@keyhaven.test',
    password: 'Buyer123',
    role: 'user',
    name: 'Mei Chen',
    phone: '+1 416 555 0199',
    country: 'Canada',
    birth: '1995-12-14',
  },
];

type Feature = (typeof ADD_FEATURES)[number];

export interface DemoListing {
  key: string;
  agent: 'agent1' | 'agent2' | 'agent3';
  title: string;
  description: string;
  location: string;
  type: AddPropertyType;
  /** Dollars. */
  minPrice: number;
  maxPrice: number;
  bedrooms: number;
  bathrooms: number;
  areaSize: number;
  features: Feature[];
  approval: AdminApprovalStored;
  advertised?: boolean;
}

/*
 * Prices cover every public range, below the lowest, and across two ranges (250k-320k,
 * 560k-640k...), so the rule that a listing matches only a range holding its whole price span
 * shows in search.
 */
export const DEMO_LISTINGS: DemoListing[] = [
  {
    key: 'austin-studio',
    agent: 'agent1',
    title: 'Sunlit Studio Near Lady Bird Lake',
    description:
      'A bright open-plan studio on the fourth floor, a short walk from the lake trail and downtown cafés. New kitchen, in-unit laundry and a quiet street-facing outlook.',
    location: 'Austin, Texas',
    type: 'Apartment',
    minPrice: 185_000,
    maxPrice: 205_000,
    bedrooms: 0,
    bathrooms: 1,
    areaSize: 520,
    features: ['Elevator', 'Air Conditioning', 'Furnished'],
    approval: 'approved',
  },
  {
    key: 'portland-loft',
    agent: 'agent2',
    title: 'Two-Bedroom Loft in the Pearl District',
    description:
      'Exposed brick, twelve-foot ceilings and tall factory windows. Two bedrooms with a shared balcony, secure bike storage and one deeded parking space.',
    location: 'Portland, Oregon',
    type: 'Apartment',
    minPrice: 345_000,
    maxPrice: 372_000,
    bedrooms: 2,
    bathrooms: 2,
    areaSize: 1050,
    features: ['Elevator', 'Balcony', 'Parking'],
    approval: 'approved',
    advertised: true,
  },
  {
    key: 'seattle-harbour',
    agent: 'agent2',
    title: 'Harbour-View Apartment with Concierge',
    description:
      'Floor-to-ceiling glass looking over Elliott Bay, a chef’s kitchen and a 24-hour concierge. The building has a gym, a roof terrace and guest suites.',
    location: 'Seattle, Washington',
    type: 'Apartment',
    minPrice: 610_000,
    maxPrice: 665_000,
    bedrooms: 2,
    bathrooms: 2,
    areaSize: 1180,
    features: ['Elevator', 'Security', 'Balcony', 'Air Conditioning'],
    approval: 'approved',
  },
  {
    key: 'columbus-one-bed',
    agent: 'agent3',
    title: 'Compact One-Bed Close to Campus',
    description:
      'An easy-care one-bedroom a few blocks from the university, with updated flooring, a galley kitchen and on-site laundry. Popular with investors and first-time buyers.',
    location: 'Columbus, Ohio',
    type: 'Apartment',
    minPrice: 92_000,
    maxPrice: 118_000,
    bedrooms: 1,
    bathrooms: 1,
    areaSize: 610,
    features: ['Parking'],
    approval: 'approved',
  },
  {
    key: 'boise-bungalow',
    agent: 'agent1',
    title: 'Craftsman Bungalow with Front Porch',
    description:
      'A 1920s craftsman with original built-ins, a deep front porch and a detached garage. The kitchen and bathroom were redone in 2022; the backyard is fully fenced.',
    location: 'Boise, Idaho',
    type: 'House',
    minPrice: 265_000,
    maxPrice: 315_000,
    bedrooms: 3,
    bathrooms: 1.5,
    areaSize: 1420,
    features: ['Garage', 'Garden'],
    approval: 'approved',
  },
  {
    key: 'raleigh-family',
    agent: 'agent2',
    title: 'Family Home on a Quiet Cul-de-Sac',
    description:
      'Four bedrooms on a quiet cul-de-sac in a top-rated school district. Open living and dining, a screened porch and a two-car garage.',
    location: 'Raleigh, North Carolina',
    type: 'House',
    minPrice: 420_000,
    maxPrice: 455_000,
    bedrooms: 4,
    bathrooms: 2.5,
    areaSize: 2350,
    features: ['Garage', 'Garden', 'Air Conditioning'],
    approval: 'approved',
    advertised: true,
  },
  {
    key: 'nashville-colonial',
    agent: 'agent3',
    title: 'Four-Bedroom Colonial with Large Garden',
    description:
      'A classic brick colonial on a third of an acre with mature trees, a formal dining room, a finished basement and a large vegetable garden.',
    location: 'Nashville, Tennessee',
    type: 'House',
    minPrice: 560_000,
    maxPrice: 620_000,
    bedrooms: 4,
    bathrooms: 3,
    areaSize: 2900,
    features: ['Garage', 'Garden', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'tulsa-ranch',
    agent: 'agent1',
    title: 'Renovated Ranch Near Good Schools',
    description:
      'Single-level living with a new roof, new windows and an open kitchen. Walk to the elementary school and the neighbourhood park.',
    location: 'Tulsa, Oklahoma',
    type: 'House',
    minPrice: 210_000,
    maxPrice: 235_000,
    bedrooms: 3,
    bathrooms: 2,
    areaSize: 1610,
    features: ['Garage', 'Air Conditioning'],
    approval: 'approved',
  },
  {
    key: 'scottsdale-villa',
    agent: 'agent3',
    title: 'Mediterranean Villa with Infinity Pool',
    description:
      'A gated desert villa with an infinity pool facing Camelback Mountain, five en-suite bedrooms, an outdoor kitchen and a three-car garage.',
    location: 'Scottsdale, Arizona',
    type: 'Villa',
    minPrice: 1_450_000,
    maxPrice: 1_600_000,
    bedrooms: 5,
    bathrooms: 5.5,
    areaSize: 5200,
    features: ['Swimming Pool', 'Garage', 'Security', 'Air Conditioning', 'Garden'],
    approval: 'approved',
    advertised: true,
  },
  {
    key: 'san-diego-villa',
    agent: 'agent2',
    title: 'Hillside Villa Overlooking the Bay',
    description:
      'Sweeping views of the bay from every main room, a heated pool, a wine cellar and a separate guest wing with its own entrance.',
    location: 'San Diego, California',
    type: 'Villa',
    minPrice: 2_100_000,
    maxPrice: 2_350_000,
    bedrooms: 6,
    bathrooms: 6,
    areaSize: 6100,
    features: ['Swimming Pool', 'Garage', 'Security', 'Balcony', 'Garden'],
    approval: 'approved',
  },
  {
    key: 'miami-villa',
    agent: 'agent1',
    title: 'Modern Villa with Private Courtyard',
    description:
      'Clean white lines around a palm-shaded courtyard, a lap pool and a rooftop terrace. Minutes from the beach and the design district.',
    location: 'Miami, Florida',
    type: 'Villa',
    minPrice: 890_000,
    maxPrice: 960_000,
    bedrooms: 4,
    bathrooms: 4.5,
    areaSize: 3600,
    features: ['Swimming Pool', 'Security', 'Air Conditioning', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'tucson-villa',
    agent: 'agent3',
    title: 'Stucco Villa with Guest Casita',
    description:
      'A Santa Fe style villa on an acre of desert garden, with a separate guest casita, a saltwater pool and views of the Catalina Mountains.',
    location: 'Tucson, Arizona',
    type: 'Villa',
    minPrice: 540_000,
    maxPrice: 610_000,
    bedrooms: 4,
    bathrooms: 3,
    areaSize: 3100,
    features: ['Swimming Pool', 'Garden', 'Garage'],
    approval: 'approved',
  },
  {
    key: 'chicago-condo',
    agent: 'agent2',
    title: 'Lakefront Condo with Balcony',
    description:
      'A corner two-bedroom on the twentieth floor with a balcony over Lake Michigan, a doorman, an indoor pool and heated garage parking.',
    location: 'Chicago, Illinois',
    type: 'Condo',
    minPrice: 310_000,
    maxPrice: 335_000,
    bedrooms: 2,
    bathrooms: 2,
    areaSize: 1240,
    features: ['Balcony', 'Elevator', 'Security', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'denver-condo',
    agent: 'agent1',
    title: 'Downtown Condo Steps from Transit',
    description:
      'A modern one-bedroom plus den two blocks from Union Station, with quartz counters, a shared roof deck and a reserved parking space.',
    location: 'Denver, Colorado',
    type: 'Condo',
    minPrice: 289_000,
    maxPrice: 312_000,
    bedrooms: 1,
    bathrooms: 1,
    areaSize: 830,
    features: ['Elevator', 'Parking', 'Air Conditioning'],
    approval: 'approved',
  },
  {
    key: 'tampa-condo',
    agent: 'agent3',
    title: 'Beachside Condo with Pool Access',
    description:
      'Two bedrooms a short walk from the beach, with a screened lanai, a resort-style pool and covered parking. Sold furnished.',
    location: 'Tampa, Florida',
    type: 'Condo',
    minPrice: 240_000,
    maxPrice: 270_000,
    bedrooms: 2,
    bathrooms: 2,
    areaSize: 1010,
    features: ['Swimming Pool', 'Furnished', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'atlanta-penthouse',
    agent: 'agent3',
    title: 'Penthouse Condo with Skyline Views',
    description:
      'A top-floor penthouse in Midtown with a wraparound terrace, private elevator access and two secured parking spaces.',
    location: 'Atlanta, Georgia',
    type: 'Condo',
    minPrice: 720_000,
    maxPrice: 790_000,
    bedrooms: 3,
    bathrooms: 3.5,
    areaSize: 2400,
    features: ['Elevator', 'Balcony', 'Security', 'Parking', 'Air Conditioning'],
    approval: 'approved',
  },
  {
    key: 'minneapolis-townhouse',
    agent: 'agent1',
    title: 'End-Unit Townhouse with Garage',
    description:
      'An end-unit townhouse with extra windows, a gas fireplace, an attached two-car garage and a private patio backing onto a walking trail.',
    location: 'Minneapolis, Minnesota',
    type: 'Townhouse',
    minPrice: 335_000,
    maxPrice: 360_000,
    bedrooms: 3,
    bathrooms: 2.5,
    areaSize: 1780,
    features: ['Garage', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'savannah-townhouse',
    agent: 'agent2',
    title: 'Brick Townhouse in a Historic District',
    description:
      'A restored 1880s brick townhouse on a live-oak square, with heart-pine floors, a walled garden and a carriage-house studio.',
    location: 'Savannah, Georgia',
    type: 'Townhouse',
    minPrice: 455_000,
    maxPrice: 498_000,
    bedrooms: 3,
    bathrooms: 2.5,
    areaSize: 2050,
    features: ['Garden', 'Balcony'],
    approval: 'approved',
  },
  {
    key: 'salt-lake-townhouse',
    agent: 'agent3',
    title: 'New-Build Townhouse Near the Park',
    description:
      'Energy-efficient construction finished last spring, with mountain views from the roof deck, a two-car garage and a community park next door.',
    location: 'Salt Lake City, Utah',
    type: 'Townhouse',
    minPrice: 395_000,
    maxPrice: 430_000,
    bedrooms: 3,
    bathrooms: 2.5,
    areaSize: 1850,
    features: ['Garage', 'Air Conditioning', 'Balcony'],
    approval: 'approved',
  },
  {
    key: 'indianapolis-townhouse',
    agent: 'agent1',
    title: 'Starter Townhouse with Patio',
    description:
      'A low-maintenance two-bedroom with a fenced patio, updated kitchen and assigned parking, in a friendly community with a pool.',
    location: 'Indianapolis, Indiana',
    type: 'Townhouse',
    minPrice: 175_000,
    maxPrice: 199_000,
    bedrooms: 2,
    bathrooms: 1.5,
    areaSize: 1150,
    features: ['Parking', 'Garden'],
    approval: 'approved',
  },
  {
    key: 'kansas-city-retail',
    agent: 'agent2',
    title: 'Corner Retail Unit on Main Street',
    description:
      'A high-footfall corner shop with full-height display windows, a rear storeroom and two apartments above let on long leases.',
    location: 'Kansas City, Missouri',
    type: 'Commercial',
    minPrice: 480_000,
    maxPrice: 540_000,
    bedrooms: 0,
    bathrooms: 1,
    areaSize: 2600,
    features: ['Security', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'pittsburgh-office',
    agent: 'agent3',
    title: 'Office Floor in a Renovated Warehouse',
    description:
      'An open-plan office floor with exposed beams, a fitted kitchen, two meeting rooms and freight elevator access, five minutes from downtown.',
    location: 'Pittsburgh, Pennsylvania',
    type: 'Commercial',
    minPrice: 650_000,
    maxPrice: 720_000,
    bedrooms: 0,
    bathrooms: 2,
    areaSize: 6400,
    features: ['Elevator', 'Security', 'Air Conditioning', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'albuquerque-cafe',
    agent: 'agent1',
    title: 'Roadside Café with Parking',
    description:
      'A turnkey café on a busy highway frontage, sold with its kitchen equipment, a covered patio and a twenty-space parking lot.',
    location: 'Albuquerque, New Mexico',
    type: 'Commercial',
    minPrice: 240_000,
    maxPrice: 265_000,
    bedrooms: 0,
    bathrooms: 2,
    areaSize: 1900,
    features: ['Parking', 'Air Conditioning'],
    approval: 'approved',
  },
  {
    key: 'omaha-warehouse',
    agent: 'agent2',
    title: 'Small Warehouse with Loading Dock',
    description:
      'A clear-span warehouse with a raised loading dock, two roll-up doors, a small office and a fenced yard close to the interstate.',
    location: 'Omaha, Nebraska',
    type: 'Commercial',
    minPrice: 570_000,
    maxPrice: 615_000,
    bedrooms: 0,
    bathrooms: 1,
    areaSize: 9800,
    features: ['Security', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'asheville-lot',
    agent: 'agent3',
    title: 'Two-Acre Buildable Lot with Utilities',
    description:
      'A gently sloping two-acre lot with power and water at the road, a perc test on file and long views of the Blue Ridge.',
    location: 'Asheville, North Carolina',
    type: 'Land',
    minPrice: 95_000,
    maxPrice: 120_000,
    bedrooms: 0,
    bathrooms: 0,
    areaSize: 87_120,
    features: [],
    approval: 'approved',
  },
  {
    key: 'bozeman-pasture',
    agent: 'agent1',
    title: 'Ten Acres of Pasture and Woodland',
    description:
      'Ten fenced acres of pasture and aspen woodland with a year-round creek, an old barn and room for a home with mountain views.',
    location: 'Bozeman, Montana',
    type: 'Land',
    minPrice: 280_000,
    maxPrice: 325_000,
    bedrooms: 0,
    bathrooms: 0,
    areaSize: 435_600,
    features: [],
    approval: 'approved',
  },
  {
    key: 'lake-travis-lot',
    agent: 'agent2',
    title: 'Waterfront Lot on Lake Travis',
    description:
      'One of the last waterfront building lots on the north shore, with a permitted boat dock site and sunset views across the lake.',
    location: 'Austin, Texas',
    type: 'Land',
    minPrice: 640_000,
    maxPrice: 700_000,
    bedrooms: 0,
    bathrooms: 0,
    areaSize: 52_000,
    features: [],
    approval: 'approved',
  },
  {
    key: 'las-vegas-parcel',
    agent: 'agent3',
    title: 'Desert Parcel with Mountain Views',
    description:
      'A level two-and-a-half-acre parcel on the edge of town with road access and views of Red Rock Canyon. No utilities yet.',
    location: 'Las Vegas, Nevada',
    type: 'Land',
    minPrice: 45_000,
    maxPrice: 60_000,
    bedrooms: 0,
    bathrooms: 0,
    areaSize: 108_900,
    features: [],
    approval: 'approved',
  },
  {
    key: 'providence-church',
    agent: 'agent1',
    title: 'Converted Church Loft',
    description:
      'A former Methodist chapel turned into a two-bedroom loft, keeping the stained glass and the vaulted ceiling, with a modern kitchen below the choir gallery.',
    location: 'Providence, Rhode Island',
    type: 'Other',
    minPrice: 375_000,
    maxPrice: 410_000,
    bedrooms: 2,
    bathrooms: 2,
    areaSize: 1950,
    features: ['Parking', 'Garden'],
    approval: 'approved',
  },
  {
    key: 'burlington-cabin',
    agent: 'agent2',
    title: 'Log Cabin on Five Wooded Acres',
    description:
      'A cosy hand-built log cabin with a wood stove, a sleeping loft and a covered porch, on five acres of maple forest twenty minutes from town.',
    location: 'Burlington, Vermont',
    type: 'Other',
    minPrice: 228_000,
    maxPrice: 252_000,
    bedrooms: 2,
    bathrooms: 1,
    areaSize: 980,
    features: ['Furnished', 'Parking'],
    approval: 'approved',
  },
  {
    key: 'sausalito-houseboat',
    agent: 'agent3',
    title: 'Floating Home at a Marina Berth',
    description:
      'A two-storey floating home with a rooftop deck, sold with a deeded berth in a quiet marina across the bay from San Francisco.',
    location: 'Sausalito, California',
    type: 'Other',
    minPrice: 155_000,
    maxPrice: 175_000,
    bedrooms: 1,
    bathrooms: 1,
    areaSize: 720,
    features: ['Furnished', 'Balcony'],
    approval: 'approved',
  },
  {
    key: 'des-moines-split-level',
    agent: 'agent1',
    title: 'Split-Level Home with Finished Basement',
    description:
      'A well-kept split-level with a finished basement, a new furnace and a large deck over a fenced yard. Close to shops and the bike trail.',
    location: 'Des Moines, Iowa',
    type: 'House',
    minPrice: 245_000,
    maxPrice: 268_000,
    bedrooms: 4,
    bathrooms: 2,
    areaSize: 1980,
    features: ['Garage', 'Garden'],
    approval: 'pending',
  },
  {
    key: 'richmond-condo',
    agent: 'agent2',
    title: 'Riverside Condo with River Views',
    description:
      'A two-bedroom condo in a converted tobacco warehouse on the James River, with original timber beams and a shared riverside terrace.',
    location: 'Richmond, Virginia',
    type: 'Condo',
    minPrice: 298_000,
    maxPrice: 318_000,
    bedrooms: 2,
    bathrooms: 2,
    areaSize: 1120,
    features: ['Elevator', 'Balcony'],
    approval: 'pending',
  },
  {
    key: 'charleston-villa',
    agent: 'agent3',
    title: 'Coastal Villa with Ocean Terrace',
    description:
      'A raised coastal villa with an ocean-facing terrace, an outdoor shower, a plunge pool and hurricane-rated windows throughout.',
    location: 'Charleston, South Carolina',
    type: 'Villa',
    minPrice: 1_200_000,
    maxPrice: 1_300_000,
    bedrooms: 5,
    bathrooms: 4.5,
    areaSize: 4300,
    features: ['Swimming Pool', 'Balcony', 'Security'],
    approval: 'pending',
  },
  {
    key: 'houston-flat',
    agent: 'agent1',
    title: 'Cheap flat must see',
    description:
      'Studio apartment. Contact me directly on my personal number for a big discount, no need to go through the site.',
    location: 'Houston, Texas',
    type: 'Apartment',
    minPrice: 50_000,
    maxPrice: 2_000_000,
    bedrooms: 0,
    bathrooms: 1,
    areaSize: 400,
    features: [],
    approval: 'rejected',
  },
  {
    key: 'phoenix-lot',
    agent: 'agent3',
    title: 'Lot for sale',
    description:
      'Lot for sale. Details to follow. Photos are of a different lot in the same subdivision.',
    location: 'Phoenix, Arizona',
    type: 'Land',
    minPrice: 10_000,
    maxPrice: 15_000,
    bedrooms: 0,
    bathrooms: 0,
    areaSize: 6000,
    features: [],
    approval: 'rejected',
  },
];

type BuyerKey = 'buyer1' | 'buyer2' | 'buyer3';

export interface DemoOffer {
  buyer: BuyerKey;
  listing: string;
  /** Dollars. */
  amount: number;
  status: 'pending' | 'accepted' | 'rejected' | 'paid';
  daysAgo: number;
}

/*
 * At least two of each state, and a purchase from every agent, so each has a sale and a review.
 * Accepting an offer rejected the other pending one on the same home.
 */
export const DEMO_OFFERS: DemoOffer[] = [
  { buyer: 'buyer1', listing: 'raleigh-family', amount: 430_000, status: 'pending', daysAgo: 3 },
  { buyer: 'buyer2', listing: 'raleigh-family', amount: 441_500.5, status: 'pending', daysAgo: 2 },
  { buyer: 'buyer3', listing: 'chicago-condo', amount: 318_000, status: 'pending', daysAgo: 1 },
  { buyer: 'buyer2', listing: 'boise-bungalow', amount: 290_000, status: 'accepted', daysAgo: 9 },
  { buyer: 'buyer1', listing: 'boise-bungalow', amount: 285_000, status: 'rejected', daysAgo: 10 },
  {
    buyer: 'buyer3',
    listing: 'minneapolis-townhouse',
    amount: 350_000,
    status: 'accepted',
    daysAgo: 6,
  },
  {
    buyer: 'buyer3',
    listing: 'scottsdale-villa',
    amount: 1_450_000,
    status: 'rejected',
    daysAgo: 12,
  },
  { buyer: 'buyer1', listing: 'tampa-condo', amount: 255_000, status: 'paid', daysAgo: 20 },
  {
    buyer: 'buyer3',
    listing: 'indianapolis-townhouse',
    amount: 190_000,
    status: 'paid',
    daysAgo: 15,
  },
  { buyer: 'buyer2', listing: 'burlington-cabin', amount: 240_000, status: 'paid', daysAgo: 35 },
  {
    buyer: 'buyer3',
    listing: 'sausalito-houseboat',
    amount: 168_000,
    status: 'paid',
    daysAgo: 28,
  },
];

export const DEMO_WISHLIST: { buyer: BuyerKey; listing: string }[] = [
  { buyer: 'buyer1', listing: 'portland-loft' },
  { buyer: 'buyer1', listing: 'scottsdale-villa' },
  { buyer: 'buyer1', listing: 'chicago-condo' },
  { buyer: 'buyer2', listing: 'san-diego-villa' },
  { buyer: 'buyer2', listing: 'raleigh-family' },
  { buyer: 'buyer3', listing: 'atlanta-penthouse' },
  { buyer: 'buyer3', listing: 'bozeman-pasture' },
];

export interface DemoReview {
  reviewer: string;
  /** A listing key for a property review; absent for a review of the website. */
  listing?: string;
  rating: number;
  title: string;
  text: string;
  daysAgo: number;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    reviewer: 'buyer1',
    rating: 5,
    title: 'Bought my first home here',
    text: 'Every listing I looked at was verified, and paying after the agent accepted was simple. I had my keys three weeks later.',
    daysAgo: 12,
  },
  {
    reviewer: 'buyer2',
    rating: 4,
    title: 'Clear and honest',
    text: 'The price ranges are realistic and the agents answer quickly. I would like more photos per listing, but the process itself is excellent.',
    daysAgo: 8,
  },
  {
    reviewer: 'buyer3',
    rating: 5,
    title: 'Smooth from offer to payment',
    text: 'I made an offer on a Sunday and the agent accepted it on Monday. The whole purchase happened without a single phone call.',
    daysAgo: 5,
  },
  {
    reviewer: 'buyer3',
    listing: 'chicago-condo',
    rating: 5,
    title: 'No surprises on price',
    text: 'Every listing shows a price range up front, and my offer had to sit inside it. No haggling in the dark.',
    daysAgo: 30,
  },
  {
    reviewer: 'buyer2',
    listing: 'denver-condo',
    rating: 4,
    title: 'Verified listings made the difference',
    text: 'Knowing an admin had checked every listing let me shortlist homes without a site visit first.',
    daysAgo: 21,
  },
  {
    reviewer: 'buyer1',
    listing: 'tampa-condo',
    rating: 5,
    title: 'Exactly as described',
    text: 'The pool and the lanai are even nicer in person. Marcus answered every question within the hour.',
    daysAgo: 10,
  },
  {
    reviewer: 'buyer3',
    listing: 'indianapolis-townhouse',
    rating: 4,
    title: 'Great starter home',
    text: 'Quiet community and a lovely patio. The kitchen is smaller than the photos suggest.',
    daysAgo: 7,
  },
  {
    reviewer: 'buyer2',
    listing: 'boise-bungalow',
    rating: 5,
    title: 'Full of character',
    text: 'The built-ins and the porch sold it for us. Daniel was patient through two viewings.',
    daysAgo: 4,
  },
  {
    reviewer: 'buyer1',
    listing: 'raleigh-family',
    rating: 3,
    title: 'Nice house, busy road nearby',
    text: 'The cul-de-sac is quiet but you can hear the main road from the garden in the mornings.',
    daysAgo: 2,
  },
  {
    reviewer: 'buyer1',
    listing: 'seattle-harbour',
    rating: 5,
    title: 'Worth the viewing',
    text: 'The water views are real, and the agent was honest about the parking.',
    daysAgo: 15,
  },
  {
    reviewer: 'buyer2',
    listing: 'nashville-colonial',
    rating: 4,
    title: 'Solid and well kept',
    text: 'Old house, new roof, and every question answered before we made our offer.',
    daysAgo: 18,
  },
  {
    reviewer: 'buyer3',
    listing: 'miami-villa',
    rating: 5,
    title: 'A home for the whole family',
    text: 'Room for everyone and a garden the children never want to leave.',
    daysAgo: 25,
  },
];

/** What each demo agent writes on their profile: who they are, where they work, how to reach them. */
export interface DemoAgentProfile {
  agent: 'agent1' | 'agent2' | 'agent3';
  bio: string;
  serviceAreas: string[];
  showEmail: boolean;
  showPhone: boolean;
}

export const DEMO_AGENT_PROFILES: DemoAgentProfile[] = [
  {
    agent: 'agent1',
    bio: 'Fifteen years helping first-time buyers across the Mountain West and the Midwest. I walk every home before I list it, and I answer messages the same day.',
    serviceAreas: ['Boise, Idaho', 'Denver, Colorado', 'Indianapolis, Indiana', 'Tulsa, Oklahoma'],
    showEmail: true,
    showPhone: true,
  },
  {
    agent: 'agent2',
    bio: 'Condos, lofts and cabins from the Pacific Northwest to New England. Before this I was an architect, so ask me anything about a floor plan.',
    serviceAreas: [
      'Seattle, Washington',
      'Portland, Oregon',
      'Chicago, Illinois',
      'Burlington, Vermont',
    ],
    showEmail: true,
    showPhone: false,
  },
  {
    agent: 'agent3',
    bio: 'Coastal homes and city condos in the South and the Southwest. I grew up in Tampa and still know every beach by its parking.',
    serviceAreas: [
      'Tampa, Florida',
      'Atlanta, Georgia',
      'Nashville, Tennessee',
      'Sausalito, California',
    ],
    showEmail: false,
    showPhone: true,
  },
];

/**
 * Reviews of agents, each by a buyer who bought a home from them (as the product requires).
 * Sofia (buyer1) bought from Marcus (agent3) and has not reviewed him yet: the demo's way to try it.
 */
export const DEMO_AGENT_REVIEWS: (Omit<DemoReview, 'listing'> & {
  agent: DemoAgentProfile['agent'];
})[] = [
  {
    reviewer: 'buyer3',
    agent: 'agent1',
    rating: 5,
    title: 'Patient with a first-time buyer',
    text: 'Daniel explained every step of the offer and the payment, and found me a townhouse inside my budget.',
    daysAgo: 6,
  },
  {
    reviewer: 'buyer2',
    agent: 'agent2',
    rating: 4,
    title: 'Knew the cabin inside out',
    text: 'Priya sent floor plans and the well report before we asked. Answers took a day at weekends.',
    daysAgo: 30,
  },
  {
    reviewer: 'buyer3',
    agent: 'agent3',
    rating: 5,
    title: 'Made a houseboat simple',
    text: 'Marcus sorted the marina berth transfer with the seller and kept us updated every step.',
    daysAgo: 24,
  },
];
