import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import type { User } from '../../session/useSession';
import { useLanguage } from '../../i18n';
import { Card } from '../../ui';
import { ProfileForm } from './ProfileForm';

/** Name and handicap index, beside the way to the handicap record. */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useLanguage();
  return (
    <Card title={t('account.profile')}>
      <ProfileForm user={user} submitLabel={t('account.saveProfile')} savedMessage={t('account.profileSaved')}>
        {/* Beside the index typed in: the record that calculates one, and the choice of which to play off. */}
        <div className="row" style={{ marginBottom: '1rem' }}>
          <Link href={ROUTES.handicap} className="btn secondary">
            {t('account.handicapLink')}
          </Link>
          <span className="small muted">{t('account.handicapLinkHint')}</span>
        </div>
      </ProfileForm>
    </Card>
  );
}
