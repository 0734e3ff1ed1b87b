import { profileApi } from '@daywise/shared/api';
import type { Profile, ProfileUpdate } from '@daywise/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { profileQueries, uploadPicture } from './api';

export function useProfile() {
  return useQuery(profileQueries.profile());
}

/** One Save of the profile editor: the fields, and a new picture, its removal, or neither. */
export interface ProfileSave {
  values: ProfileUpdate;
  picture: { upload: File } | 'remove' | null;
}

/**
 * Saves the profile editor: a picture change first, which stands even if the fields then fail
 * (`onPictureSaved` says so), then the fields. The saved profile replaces the cached one; the
 * session (the sidebar) and the social lists (friends, search, chats) are read again, as they show
 * the user's name and picture.
 */
export function useSaveProfile(callbacks: {
  onPictureSaved: () => void;
  onSuccess: (saved: Profile) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, picture }: ProfileSave) => {
      if (picture) {
        const { pictureUrl } =
          picture === 'remove'
            ? await callApi(profileApi.removePicture)
            : await uploadPicture(picture.upload);
        queryClient.setQueryData<Profile>(queryKeys.profile, (current) =>
          current ? { ...current, pictureUrl } : current,
        );
        // Every other place the user's picture may show reads it again now, not on reload.
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        void queryClient.invalidateQueries({ queryKey: queryKeys.social.all });
        callbacks.onPictureSaved();
      }
      return callApi(profileApi.update, { body: values });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.profile, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.social.all });
      callbacks.onSuccess(saved);
    },
    onError: callbacks.onError,
  });
}
