import { z } from 'zod';
import { AGENT_MESSAGES, AGENT_PROFILE_LIMITS, AGENT_SORTS } from './agent-messages.js';
import { LIMITS } from './constants.js';
import { queryInteger } from './numbers.js';
import { ZServedImageUrl } from './uploads.js';

const serviceArea = z
  .string()
  .trim()
  .min(1, AGENT_MESSAGES.areaEmpty)
  .max(AGENT_PROFILE_LIMITS.serviceAreaMaxLength, AGENT_MESSAGES.areaTooLong);

/** What an agent edits about their profile; name, photo and phone are the account's. */
export const ZAgentProfileRequest = z
  .object({
    bio: z
      .string()
      .trim()
      .max(AGENT_PROFILE_LIMITS.bioMaxLength, AGENT_MESSAGES.bioTooLong)
      .default(''),
    serviceAreas: z
      .array(serviceArea)
      .max(AGENT_PROFILE_LIMITS.serviceAreasMax, AGENT_MESSAGES.tooManyAreas)
      .default([])
      .refine(
        (areas) => new Set(areas.map((a) => a.toLowerCase())).size === areas.length,
        AGENT_MESSAGES.areasRepeated,
      ),
    showEmail: z.boolean().default(true),
    showPhone: z.boolean().default(false),
  })
  .meta({ id: 'AgentProfileRequest' });
export type AgentProfileRequest = z.input<typeof ZAgentProfileRequest>;

/** The agent's own profile as they edit it, with the account fields it shows. */
export const ZOwnAgentProfile = z
  .object({
    bio: z.string(),
    serviceAreas: z.array(z.string()),
    showEmail: z.boolean(),
    showPhone: z.boolean(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    image: ZServedImageUrl,
  })
  .meta({ id: 'OwnAgentProfile' });
export type OwnAgentProfile = z.infer<typeof ZOwnAgentProfile>;

/** Figures of an agent's record. Medians are null until there is something to measure. */
export const ZAgentFigures = z
  .object({
    homesSold: z.number().int(),
    /** Median days from a listing's creation to its sale's payment. */
    medianDaysToSale: z.number().nullable(),
    /**
     * Median minutes from a buyer's message to the agent's next reply, and from a buyer's tour
     * request to the agent's first answer (confirm, another time, or decline), counted together.
     */
    medianResponseMinutes: z.number().nullable(),
    /** Mean of the agent's review ratings, one decimal; null without reviews. */
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
  })
  .meta({ id: 'AgentFigures' });
export type AgentFigures = z.infer<typeof ZAgentFigures>;

export const ZAgentProfile = z
  .object({
    _id: z.string(),
    name: z.string(),
    image: ZServedImageUrl,
    /** Only what the agent chose to show. */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    bio: z.string(),
    serviceAreas: z.array(z.string()),
    figures: ZAgentFigures,
    /** Whether the caller may review this agent (toured or bought a home with them). */
    canReview: z.boolean(),
    /** An admin looking at an agent marked as fraud. */
    fraud: z.boolean(),
  })
  .meta({ id: 'AgentProfile' });
export type AgentProfile = z.infer<typeof ZAgentProfile>;

export const ZAgentSummary = z
  .object({
    _id: z.string(),
    name: z.string(),
    image: ZServedImageUrl,
    serviceAreas: z.array(z.string()),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    homesSold: z.number().int(),
  })
  .meta({ id: 'AgentSummary' });
export type AgentSummary = z.infer<typeof ZAgentSummary>;
export const ZAgentSummaryList = z.array(ZAgentSummary).meta({ id: 'AgentSummaryList' });

export const ZAgentListQuery = z.object({
  search: z.string().trim().max(AGENT_PROFILE_LIMITS.searchMaxLength).optional(),
  sort: z.enum(AGENT_SORTS).default('sales'),
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, LIMITS.maxPageSize, LIMITS.defaultPageSize),
});

export const ZAgentPageQuery = z.object({
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, LIMITS.maxPageSize, 12),
});

export const ZAgentIdParams = z.object({ id: z.string().min(1).max(64) });

/** A home the agent sold, as any buyer may see it: never who bought it or for how much. */
export const ZAgentSale = z
  .object({
    propertyId: z.string(),
    title: z.string(),
    location: z.string(),
    soldAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AgentSale' });
export type AgentSale = z.infer<typeof ZAgentSale>;
export const ZAgentSaleList = z.array(ZAgentSale).meta({ id: 'AgentSaleList' });
