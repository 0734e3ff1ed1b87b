/**
 * The texts of who may join and of disabled accounts (REGISTRATION, the admin; ADR 0039, ours). A
 * module apart from messages.ts, which every page loads first (the first-load budgets of
 * scripts/bench-web.mjs): the sign-up and login pages, the server and the tests load these from
 * `@daywise/shared/access-messages`; errors.ts keeps short texts for their codes.
 */
export const ACCESS_MESSAGES = {
  registrationInviteOnly:
    'Sign-up on this server is by invitation only. Please use the link in your invitation email.',
  registrationClosed:
    'Sign-up on this server is closed. Please ask its administrator for an invitation.',
  invitationInvalid:
    'This invitation link is not valid for this email address, or it has expired. Please ask the administrator for a new one.',
  accountDisabled:
    'An administrator has disabled this account. Please contact them to have it enabled again.',
} as const;
