import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

const ZSubscribeResponse = v.object({ message: v.optional(v.string()) });

export const subscribe = (email: string) =>
  api(apiPaths.subscribe, { method: 'POST', body: { email }, schema: ZSubscribeResponse });

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
