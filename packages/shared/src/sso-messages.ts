/**
 * The texts of single sign-on (ADR 0038, ours): why a sign-in through the provider failed, as the
 * login page shows it, and the connect page's. A module apart from messages.ts, which every page
 * loads first (the first-load budgets of scripts/bench-web.mjs): the login, sign-up and connect
 * pages load these from `@daywise/shared/sso-messages`.
 */
export const SSO_MESSAGES = {
  unavailable: 'The sign-in service could not be reached. Please try again in a moment.',
  failed:
    'Single sign-on could not be completed: the answer from the sign-in service could not be verified. Please try again.',
  cancelled: 'Single sign-on was cancelled.',
  expired: 'That sign-in attempt has expired. Please start again.',
  emailUnverified:
    'Your sign-in service has not verified your email address. Verify it there, then try again.',
  emailMissing:
    'Your sign-in service did not share your email address, which Daywise needs to sign you in.',
  linkExpired: 'That request to connect single sign-on has expired. Please sign in with SSO again.',
  linked: 'Single sign-on is now connected to your account.',
};
