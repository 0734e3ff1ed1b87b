import { MESSAGES } from '@daywise/shared';
import { Eye } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useSession } from '../../lib/session';
import { useSettings, useUpdateSetting } from '../../lib/settings';
import { notify } from '../../lib/toast';

/**
 * Where this browser remembers that the user answered the invitation (or was visible once): the
 * settings have no column for it, and one per user keeps two accounts on one browser apart
 * (docs/product/social.md, "Visibility invitation").
 */
/** Ours (docs/product/social.md, "Visibility invitation"). */
export const VISIBILITY_INVITE = {
  title: 'Let friends find you',
  text: 'Your profile is private, so nobody can find you in search yet. Friends can find you only if your profile is visible. You can change this any time in Settings, under Profile Visibility.',
  confirm: 'Make My Profile Public',
} as const;

export const visibilityInviteKey = (userId: string) => `daywise-visibility-invite:${userId}`;

function answered(userId: string): boolean {
  try {
    return window.localStorage.getItem(visibilityInviteKey(userId)) !== null;
  } catch {
    return false;
  }
}

function remember(userId: string): void {
  try {
    window.localStorage.setItem(visibilityInviteKey(userId), 'answered');
  } catch {
    // A browser that refuses storage shows the invitation again next visit; nothing else breaks.
  }
}

/**
 * The first visit to Social while the profile is Private: friends can find the user only once
 * it is visible. 'Make My Profile Public' sets Profile Visibility (the setting
 * `privacy.profileVisibility`) to Public; 'Not now' closes it. Either answer, or a profile that is
 * visible once, means it never shows again.
 */
export function VisibilityInvite() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { settings, isLoading, loadFailed } = useSettings();
  const update = useUpdateSetting();
  // Read on each render: the session may arrive after the first one.
  const [closedNow, setClosed] = useState(false);
  const closed = closedNow || (userId !== null && answered(userId));
  const visible = settings.privacy.profileVisibility !== 'private';
  const known = !isLoading && !loadFailed;

  // Visible as stored (not merely while a change is on its way): never invite again.
  useEffect(() => {
    if (userId && known && visible && !update.isPending) {
      remember(userId);
    }
  }, [userId, known, visible, update.isPending]);

  if (!userId || closed || !known || visible) {
    return null;
  }
  const notNow = () => {
    remember(userId);
    setClosed(true);
  };
  const makePublic = () =>
    update.mutate(
      { group: 'privacy', key: 'profileVisibility', value: 'public' },
      { onSuccess: () => notify.success(MESSAGES.settingUpdated) },
    );

  return (
    <Card as="section" aria-labelledby="visibility-invite-title" className="space-y-3 p-5">
      <h2 id="visibility-invite-title" className="flex items-center gap-2 text-lg font-semibold">
        <Eye aria-hidden className="size-5 text-blue-600 dark:text-blue-400" />
        {VISIBILITY_INVITE.title}
      </h2>
      <p className="text-gray-700 dark:text-gray-300">{VISIBILITY_INVITE.text}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={makePublic} disabled={update.isPending} size="sm">
          {VISIBILITY_INVITE.confirm}
        </Button>
        <Button onClick={notNow} variant="secondary" size="sm">
          Not now
        </Button>
      </div>
    </Card>
  );
}
