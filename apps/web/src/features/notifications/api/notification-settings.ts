import type { ZNotificationSettingsRequest } from '@keyhaven/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';
import { ZNotificationSettings } from './twins';

const SETTINGS_PATH = '/api/notification-settings';

/** Which kinds also come by e-mail, and how often saved-search alerts do. */
export const getNotificationSettings = (signal?: AbortSignal) =>
  api(SETTINGS_PATH, { schema: ZNotificationSettings, signal });

export const notificationSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.settings(userId),
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

export const useNotificationSettings = (userId: string) =>
  useQuery(notificationSettingsQueryOptions(userId));

type SettingsChanges = z.input<typeof ZNotificationSettingsRequest>;

/** Saves the settings given (the others stay); the server answers with all of them, as kept. */
export const saveNotificationSettings = (changes: SettingsChanges) =>
  api(SETTINGS_PATH, { method: 'PUT', body: changes, schema: ZNotificationSettings });

export function useSaveNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings(userId), saved),
  });
}
