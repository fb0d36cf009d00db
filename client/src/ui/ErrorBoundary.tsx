import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

interface State {
  error: Error | null;
}

/**
 * A screen that crashes, or whose code cannot be loaded (a new version was deployed and the old chunk is
 * gone), shows a Norwegian message and a way on, instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    // Moving to another page gives it a fresh start.
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      this.state.error.message,
    );
    return (
      <Alert tone="error" title={chunk ? 'Golfkortet er oppdatert' : 'Noe gikk galt på denne siden'} focus>
        <p>
          {chunk
            ? 'Last inn siden på nytt for å hente den nye versjonen.'
            : 'Prøv å laste inn siden på nytt. Det du har lagret, er ikke borte.'}
        </p>
        <Button onClick={() => window.location.reload()}>Last inn på nytt</Button>
      </Alert>
    );
  }
}
