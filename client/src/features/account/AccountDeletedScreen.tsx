import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { Alert, Page } from '../../ui';

/** Where the app lands after the account is deleted: signed out, nothing of the account left to show. */
export default function AccountDeletedScreen() {
  return (
    <Page title="Kontoen er slettet">
      <Alert tone="success">
        <p>Kontoen din og dataene dine er slettet, og du er logget ut på alle enheter.</p>
      </Alert>
      <p>
        Kortene dine i andres runder og resultatene i turneringer som hadde startet, står igjen som gjest med navnet
        ditt. Du kan når som helst lage en ny konto.
      </p>
      <p>
        <Link href={ROUTES.feed}>Til feeden</Link> · <Link href={ROUTES.login}>Logg inn</Link>
      </p>
    </Page>
  );
}
