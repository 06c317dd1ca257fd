import type {
  InsertedResponse,
  PropertyAddRequest,
  PropertyEditRequest,
  ZPropertyAddRequest,
  ZPropertyEditRequest,
} from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { type ContractTwin, ZMessageResponse } from '@/lib/contract-twins';
import { propertyKeys } from '@/lib/query-keys';
import { propertyPath } from './get-property';

const insertedTwin = v.object({ insertedId: v.string() });
const ZInserted: ContractTwin<typeof insertedTwin, InsertedResponse> = insertedTwin;

type AddBody = z.output<typeof ZPropertyAddRequest> | PropertyAddRequest;
type EditBody = z.output<typeof ZPropertyEditRequest> | PropertyEditRequest;

export const addProperty = (body: AddBody) =>
  api('/api/properties', { method: 'POST', body, schema: ZInserted });

export const updateProperty = (id: string, body: EditBody) =>
  api(propertyPath(id), { method: 'PATCH', body, schema: ZMessageResponse });

export const deleteProperty = (id: string) =>
  api(propertyPath(id), { method: 'DELETE', schema: ZMessageResponse });

/** Admin approval: `true` approves, `false` rejects. */
export const setApproval = (id: string, approve: boolean) =>
  api(`/api/properties/admin-approval/${encodeURIComponent(id)}/${approve}`, {
    method: 'PATCH',
    schema: ZMessageResponse,
  });

/** Any change to a listing can move it between every list, so all of them refetch. */
function useInvalidateListings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: propertyKeys.all });
}

export function useAddProperty() {
  const invalidate = useInvalidateListings();
  return useMutation({ mutationFn: addProperty, onSuccess: invalidate });
}

export function useUpdateProperty(id: string) {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: (body: EditBody) => updateProperty(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteProperty() {
  const invalidate = useInvalidateListings();
  return useMutation({ mutationFn: deleteProperty, onSuccess: invalidate });
}

export function useSetApproval() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) => setApproval(id, approve),
    onSuccess: invalidate,
  });
}
