import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { homeOfStage } from '../../session/stage';
import { useApplySessionAnswer } from '../../session/useSession';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, Page } from '../../ui';

/**
 * The magic link's landing page (CONTRACT.md section 4). Opening it signs no one in: a mail scanner that
 * follows links must not use up the link or start a session. One click on the button does.
 */
export default function VerifyLinkScreen() {
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const applyAnswer = useApplySessionAnswer();
  const verify = useMutation(
    trpc.auth.verifyLink.mutationOptions({
      onSuccess: (answer) => {
        applyAnswer(answer);
        navigate(homeOfStage(answer.stage, null), { replace: true });
      },
    }),
  );
  const error = describeApiError(verify.error);

  if (!token) {
    return (
      <Page title="Ugyldig lenke">
        <Alert tone="error">
          <p>Lenken mangler innloggingsnøkkelen. Kopier hele lenken fra e-posten, eller be om en ny.</p>
        </Alert>
        <Link href={ROUTES.login}>Til innlogging</Link>
      </Page>
    );
  }

  return (
    <Page title="Bekreft innlogging">
      <Card>
        <p>Trykk på knappen for å logge inn på Golfkortet.</p>
        <p className="small muted">
          Vi spør først fordi noen e-postprogrammer åpner lenker automatisk for å sjekke dem.
        </p>
        {error ? (
          <Alert tone="error" focus>
            <p>{error.message}</p>
            {error.code === 'INVALID_LINK' ? (
              <p>
                <Link href={ROUTES.login}>Be om en ny innloggingslenke</Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <Button block busy={verify.isPending} disabled={verify.isSuccess} onClick={() => verify.mutate({ token })}>
          Logg inn
        </Button>
      </Card>
    </Page>
  );
}
