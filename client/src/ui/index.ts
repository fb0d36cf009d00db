export { Alert } from './Alert';
export { Button } from './Button';
export { Card } from './Card';
export { CodeInput } from './CodeInput';
export { EmptyState } from './EmptyState';
export { Page } from './Page';
export { Loading, Spinner } from './Spinner';
export { SelectField, TextField } from './TextField';
export { FormError } from './FormError';
