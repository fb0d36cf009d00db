import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { useLanguage } from '../i18n';

interface State {
  error: Error | null;
}

/**
 * A screen that crashes, or whose code cannot be loaded (a new version was deployed and the old chunk is
 * gone), shows a message in the language shown and a way on, instead of a blank page.
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
    return <Crashed chunk={chunk} />;
  }
}

/** What the boundary shows, in the language shown (a class component cannot use the hook). */
function Crashed({ chunk }: { chunk: boolean }) {
  const { t } = useLanguage();
  return (
    <Alert tone="error" title={chunk ? t('shell.updatedTitle') : t('shell.crashedTitle')} focus>
      <p>{chunk ? t('shell.updated') : t('shell.crashed')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </Alert>
  );
}
