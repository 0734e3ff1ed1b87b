import { LogOut } from 'lucide-react';

import { useSignOut } from '../lib/session';
import { Button, type ButtonProps } from './button';

type SignOutButtonProps = Omit<ButtonProps, 'onClick' | 'disabled'> & {
  /** The toast when signing out fails; the shell's default otherwise. */
  failureMessage?: string;
};

/** Signs the user out; disabled while that runs. */
export function SignOutButton({ failureMessage, children, ...props }: SignOutButtonProps) {
  const { signOut, signingOut } = useSignOut(failureMessage);
  return (
    <Button {...props} onClick={() => void signOut()} disabled={signingOut}>
      <LogOut aria-hidden className="size-4" />
      {children}
    </Button>
  );
}
