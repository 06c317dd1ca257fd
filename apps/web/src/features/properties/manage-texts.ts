import type { PROPERTY_MESSAGES } from '@keyhaven/shared';

/**
 * The outcome texts of the agent's and the admin's listing pages, restated for the reason given in
 * texts.ts; apart from it because the home page loads that module and needs none of these.
 */
export const MANAGE_TEXTS = {
  deletedTitle: 'Deleted!',
  deleted: 'Property has been deleted.',
  deleteFailed: 'Failed to delete',
  approvalUpdated: 'Admin approval status updated.',
  approvalFailed: 'Failed to update approval status.',
} as const satisfies Pick<
  typeof PROPERTY_MESSAGES,
  'deletedTitle' | 'deleted' | 'deleteFailed' | 'approvalUpdated' | 'approvalFailed'
>;
