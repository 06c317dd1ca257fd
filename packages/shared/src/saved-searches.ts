import { z } from 'zod';
import { SAVED_SEARCH_MESSAGES } from './engagement-messages.js';
import { ALERT_FREQUENCIES, ENGAGEMENT_LIMITS } from './notification-kinds.js';
import { ZPropertySearchQuery } from './properties.js';

/**
 * A search's filters as the search page's address carries them (`location`, `types`, `minPrice`,
 * `bbox`, `polygon`...), without paging or order. The server checks them with the search's own
 * rules, so a saved search means exactly what the search showed.
 */
export const ZSavedSearchFilters = z
  .record(z.string().max(40), z.string().max(4000))
  .refine((filters) => Object.keys(filters).length <= 20)
  .meta({ id: 'SavedSearchFilters' });

const name = z
  .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
  .max(ENGAGEMENT_LIMITS.savedSearchNameMaxLength, SAVED_SEARCH_MESSAGES.nameTooLong);

export const ZSavedSearchRequest = z
  .object({
    name,
    filters: ZSavedSearchFilters,
    alert: z.enum(ALERT_FREQUENCIES).default('instant'),
  })
  .meta({ id: 'SavedSearchRequest' });
export type SavedSearchRequest = z.input<typeof ZSavedSearchRequest>;

export const ZSavedSearchUpdateRequest = z
  .object({ name: name.optional(), alert: z.enum(ALERT_FREQUENCIES).optional() })
  .meta({ id: 'SavedSearchUpdateRequest' });

export const ZSavedSearch = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    filters: z.record(z.string(), z.string()),
    alert: z.enum(ALERT_FREQUENCIES),
    /** Approved listings that matched since the owner last opened it. */
    newMatches: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof ZSavedSearch>;
export const ZSavedSearchList = z.array(ZSavedSearch).meta({ id: 'SavedSearchList' });

/** The filters of a saved search, checked as the search page's own query. */
export const savedSearchQuery = (filters: Record<string, string>) =>
  ZPropertySearchQuery.safeParse(filters);

export const ZSavedSearchIdParams = z.object({
  id: z.uuid({ error: SAVED_SEARCH_MESSAGES.notFound }),
});
