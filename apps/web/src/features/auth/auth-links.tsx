import { Link } from 'react-router';

import { authLinkClass } from './auth-card';

/** The ways on from an account page, each a line under its card. */
const LINKS = {
  login: { lead: '', to: '/login', label: 'Back to Login' },
  signup: { lead: "Don't have an account?", to: '/signup', label: 'Sign up' },
  restore: { lead: 'Deleted your account?', to: '/restore-account', label: 'Restore Account' },
  forgot: { lead: 'Forgot your password?', to: '/forgot-password', label: 'Reset Password' },
} as const;

export type AuthLinkName = keyof typeof LINKS;

/** The footer lines of an account page, in the order given. */
export function AuthLinks({ links }: { links: readonly AuthLinkName[] }) {
  return (
    <>
      {links.map((name) => {
        const { lead, to, label } = LINKS[name];
        return (
          <p key={name}>
            {lead && `${lead} `}
            <Link to={to} className={authLinkClass}>
              {label}
            </Link>
          </p>
        );
      })}
    </>
  );
}
