import {
  ADMIN_APPROVAL,
  AVAILABILITY,
  FEATURES,
  PROPERTY_TYPES,
  type Property,
} from '@keyhaven/shared';
import * as z from 'zod/mini';

export type { Property };

/*
 * A zod/mini twin of ZProperty in @keyhaven/shared: listing pages load fast without the full zod
 * build (only the agent's forms need it). `Exactly` turns any drift from the contract, in either
 * direction, into a compile error.
 */
type Exactly<Twin, Contract> = [Twin] extends [Contract]
  ? [Contract] extends [Twin]
    ? Contract
    : never
  : never;

const soldDetailsTwin = z.object({
  price: z.number(),
  date: z.string(),
  buyerName: z.string(),
  buyerEmail: z.nullable(z.string()),
  transactionId: z.string(),
});

const propertyTwin = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  image: z.nullable(z.string()),
  propertyType: z.enum(PROPERTY_TYPES),
  minPrice: z.number(),
  maxPrice: z.number(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  areaSize: z.number(),
  features: z.array(z.enum(FEATURES)),
  availability: z.enum(AVAILABILITY),
  adminApproval: z.enum(ADMIN_APPROVAL),
  advertiseStatus: z.enum(['true', 'false']),
  soldStatus: z.enum(['true', 'false']),
  soldDetails: z.nullable(soldDetailsTwin),
  creatorName: z.string(),
  creatorEmail: z.string(),
  creatorUID: z.string(),
  agentName: z.string(),
  agentEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZProperty: z.ZodMiniType<Exactly<z.output<typeof propertyTwin>, Property>> =
  propertyTwin;

export const ZPropertyList = z.array(ZProperty);

export const ZMessage = z.object({ message: z.string() });

/** One page of a list and the total the server counted (its X-Total-Count header). */
export type ListPage<T> = { items: T[]; total: number };

/** How approval reads on screen (spec section 4). */
export const APPROVAL_LABELS: Record<Property['adminApproval'], string> = {
  pending: 'Pending',
  true: 'Approved',
  false: 'Rejected',
};

/** The `status` filter of the managed lists, and the approval each value stands for. */
export const APPROVAL_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number]['value'];
