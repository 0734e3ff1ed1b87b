import type { ReactNode } from 'react';

import { Card } from '../../components/card';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card ("Back to Login", "Sign up"). */
  footer?: ReactNode;
}

/** The centred card every account page uses. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <main className="flex min-h-[70vh] items-start justify-center bg-gradient-to-b from-blue-50 to-white px-4 py-12 sm:py-16 dark:from-gray-900 dark:to-gray-950">
      <div className="w-full max-w-md">
        <Card className="p-6 shadow-sm sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle && (
            <p className="mt-2 text-center text-sm text-gray-600 dark:text-gray-300">{subtitle}</p>
          )}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && (
          <div className="mt-6 space-y-2 text-center text-sm text-gray-700 dark:text-gray-300">
            {footer}
          </div>
        )}
      </div>
    </main>
  );
}

export const authLinkClass =
  'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';
