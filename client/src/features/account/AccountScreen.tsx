import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { useLanguage } from '../../i18n';
import { Card, Loading, Page } from '../../ui';
import { CalendarCard } from './CalendarCard';
import { EmailsCard } from './EmailsCard';
import { LanguageCard } from './LanguageCard';
import { MergeCard } from './MergeCard';
import { NotificationsCard } from './NotificationsCard';
import { DeleteAccountCard, ExportCard } from './OwnDataCards';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** The account settings: one card per concern, each in its own file beside this one. */
export default function AccountScreen() {
  const session = useSession();
  const { t } = useLanguage();
  if (session.status !== 'full') return <Loading />;
  const user = session.user;
  return (
    <Page title={t('account.title')}>
      <ProfileCard user={user} />
      <LanguageCard saved={session.language} />
      <NotificationsCard />
      <TwoFactorCard user={user} />
      <PasswordCard user={user} />
      <EmailsCard />
      <CalendarCard />
      <SessionsCard />
      <MergeCard />
      <ExportCard />
      <DeleteAccountCard user={user} />
      {user.isSuperAdmin ? (
        <Card title={t('account.operations')}>
          <Link href={ROUTES.operator}>{t('account.operationsLink')}</Link>
        </Card>
      ) : null}
    </Page>
  );
}
