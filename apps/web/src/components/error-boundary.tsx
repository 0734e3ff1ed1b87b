import { MESSAGES } from '@daywise/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';

import { Button } from './button';

interface ErrorScreenProps {
  onTryAgain: () => void;
}

/** The screen for an unhandled render error, word for word (docs/product/public-site.md). */
export function ErrorScreen({ onTryAgain }: ErrorScreenProps) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{MESSAGES.errorTitle}</h1>
      <p className="max-w-md text-gray-600 dark:text-gray-300">{MESSAGES.errorText}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        <Button onClick={onTryAgain} variant="secondary">
          Try Again
        </Button>
      </div>
    </main>
  );
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Catches render errors outside the router (providers, the shell); Try Again renders anew. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorScreen onTryAgain={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
