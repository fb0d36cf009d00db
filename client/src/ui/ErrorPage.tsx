import type { ReactNode } from 'react';
import { describeApiError } from '../lib/api-error';
import { Alert } from './Alert';
import { Page } from './Page';

/** What the server said when something could not be read: its message, as it gave it. */
export function ApiErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert tone="error">
      <p>{describeApiError(error)?.message}</p>
    </Alert>
  );
}

/** A screen that could not be read: its title, what the server said, and the way back (`children`). */
export function ErrorPage({ title, error, children }: { title: string; error: unknown; children?: ReactNode }) {
  return (
    <Page title={title}>
      <ApiErrorAlert error={error} />
      {children}
    </Page>
  );
}
