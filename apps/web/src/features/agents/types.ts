import type { AgentProfile, AgentSale, AgentSummary, OwnAgentProfile } from '@keyhaven/shared';
import * as v from 'valibot';
import type { ContractTwin, ListTwin } from '@/lib/contract-twins';

export type { AgentProfile, AgentSale, AgentSummary, OwnAgentProfile };

/* Valibot twins of the agents' contract in @keyhaven/shared (see lib/contract-twins.ts). */

const agentSummaryTwin = v.object({
  _id: v.string(),
  name: v.string(),
  image: v.nullable(v.string()),
  serviceAreas: v.array(v.string()),
  rating: v.nullable(v.number()),
  reviewCount: v.number(),
  homesSold: v.number(),
});
const ZAgentSummary: ContractTwin<typeof agentSummaryTwin, AgentSummary> = agentSummaryTwin;
export const ZAgentSummaryList: ListTwin<typeof ZAgentSummary, AgentSummary[]> =
  v.array(ZAgentSummary);

const agentProfileTwin = v.object({
  _id: v.string(),
  name: v.string(),
  image: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  bio: v.string(),
  serviceAreas: v.array(v.string()),
  figures: v.object({
    homesSold: v.number(),
    medianDaysToSale: v.nullable(v.number()),
    medianResponseMinutes: v.nullable(v.number()),
    rating: v.nullable(v.number()),
    reviewCount: v.number(),
  }),
  canReview: v.boolean(),
  fraud: v.boolean(),
});
export const ZAgentProfile: ContractTwin<typeof agentProfileTwin, AgentProfile> = agentProfileTwin;

const agentSaleTwin = v.object({
  propertyId: v.string(),
  title: v.string(),
  location: v.string(),
  soldAt: v.string(),
});
const ZAgentSale: ContractTwin<typeof agentSaleTwin, AgentSale> = agentSaleTwin;
export const ZAgentSaleList: ListTwin<typeof ZAgentSale, AgentSale[]> = v.array(ZAgentSale);

const ownProfileTwin = v.object({
  bio: v.string(),
  serviceAreas: v.array(v.string()),
  showEmail: v.boolean(),
  showPhone: v.boolean(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  image: v.nullable(v.string()),
});
export const ZOwnAgentProfile: ContractTwin<typeof ownProfileTwin, OwnAgentProfile> =
  ownProfileTwin;
