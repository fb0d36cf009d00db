import { formLevelError, type ApiErrorView } from '../lib/api-error';
import { Alert } from './Alert';

/** The part of a server error that belongs to no field on screen, shown above the form's buttons. */
export function FormError({
  error,
  fields = [],
  fieldCodes = [],
}: {
  error: ApiErrorView | null;
  fields?: readonly string[];
  fieldCodes?: readonly string[];
}) {
  const rest = formLevelError(error, fields, fieldCodes);
  if (!rest) return null;
  return (
    <Alert tone="error">
      <p>{rest.message}</p>
      {rest.extra.length > 0 ? (
        <ul>
          {rest.extra.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
