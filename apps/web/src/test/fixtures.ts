import type { Conversation, Property, Tour, User } from '@keyhaven/shared';
import { LIMITS } from '@keyhaven/shared/constants';

const person = (role: User['role'], name: string, email: string): User => ({
  _id: `${role}-1`,
  uid: `${role}-1`,
  name,
  email,
  phone: '+1 555 0100',
  photo: null,
  role,
  country: 'United States',
  birth: '1990-04-12',
  emailVerified: true,
  createdAt: '2025-01-05T10:00:00.000Z',
});

export const buyer = person('user', 'Bea Buyer', 'buyer1@keyhaven.test');
export const agent = person('agent', 'Alex Agent', 'agent1@keyhaven.test');

/** An approved listing of `agent`, open to offers between $250,000 and $280,000. */
export const listing: Property = {
  _id: '6f1c1b1e-2d3a-4c5b-8e9f-0a1b2c3d4e5f',
  title: 'Sunny Lakeside Cottage',
  description: 'Two bedrooms, a wood stove and a jetty on a quiet lake.',
  location: 'Austin, TX',
  image: '/uploads/abc123-1600.webp',
  photos: [
    {
      url: '/uploads/abc123-1600.webp',
      alt: 'A white cottage with a jetty on the lake',
      caption: null,
      width: 1600,
      height: 1067,
      placeholder: null,
    },
    {
      url: '/uploads/def456-1600.webp',
      alt: 'The living room with its wood stove',
      caption: 'Warm in winter',
      width: 1600,
      height: 1067,
      placeholder: null,
    },
  ],
  propertyType: 'House',
  minPrice: 250_000,
  maxPrice: 280_000,
  bedrooms: 2,
  bathrooms: 1.5,
  areaSize: 1200,
  features: ['Garden', 'Parking'],
  lat: 30.2672,
  lng: -97.7431,
  availability: 'Available',
  adminApproval: 'true',
  advertiseStatus: 'false',
  soldStatus: 'false',
  soldPrice: null,
  soldAt: null,
  soldDetails: null,
  creatorName: agent.name,
  creatorEmail: agent.email,
  creatorUID: agent.uid,
  agentName: agent.name,
  agentEmail: agent.email,
  createdAt: '2025-02-01T09:00:00.000Z',
  updatedAt: '2025-02-01T09:00:00.000Z',
};

/** Files the image checks refuse, each as a person could pick it: not a picture, or too big. */
export const refusedFiles = () => ({
  notAPicture: new File(['%PDF-1.7'], 'deed.pdf', { type: 'application/pdf' }),
  tooLarge: new File([new Uint8Array(LIMITS.photoMaxBytes + 1)], 'huge.png', { type: 'image/png' }),
});

/** A picture the checks accept (its bytes are never decoded here). */
export const picture = (name = 'lake.jpg') =>
  new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });

/** A conversation as the list shows it to its buyer, with nothing unread. */
export const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  _id: 'c-1',
  propertyId: 'p-1',
  propertyTitle: 'Sunny Lakeside Cottage',
  propertyImage: '/uploads/abc123-1600.webp',
  buyerName: 'Bea Buyer',
  agentName: 'Alex Agent',
  role: 'buyer',
  lastMessage: 'Yes, the jetty is private.',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  unread: 0,
  ...overrides,
});

/** A pending in-person tour of `listing` by `buyer` with `agent`, in 2099 on New York's clock. */
export const tour = (overrides: Partial<Tour> = {}): Tour => ({
  id: '00000000-0000-4000-8000-0000000000bb',
  propertyId: listing._id,
  propertyTitle: listing.title,
  propertyLocation: listing.location,
  agent: { id: agent.uid, name: agent.name },
  buyer: { id: buyer.uid, name: buyer.name, email: buyer.email },
  kind: 'in-person',
  note: 'Can I see the jetty?',
  status: 'pending',
  startsAt: '2099-12-12T15:00:00.000Z',
  endsAt: '2099-12-12T15:30:00.000Z',
  timeZone: 'America/New_York',
  createdAt: '2099-12-01T10:00:00.000Z',
  updatedAt: '2099-12-01T10:00:00.000Z',
  sequence: 0,
  actions: [],
  ...overrides,
});
