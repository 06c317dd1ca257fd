import type { ProfilePhotoRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/hooks/use-session';
import { api } from '@/lib/api-client';
import { type SessionResponse, ZUser } from '@/lib/user';

export const PROFILE_PHOTO_PATH = '/api/profile/photo';

/** Sets (or with null removes) the signed-in user's own photo: the `url` of one of their uploads. */
export const saveProfilePhoto = (photo: ProfilePhotoRequest['photo']) =>
  api(PROFILE_PHOTO_PATH, { method: 'PATCH', body: { photo }, schema: ZUser });

/** Saves the photo and shows it at once wherever the session's user appears. */
export function useSaveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfilePhoto,
    onSuccess: (user) => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
    },
  });
}
