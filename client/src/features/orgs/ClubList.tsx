import { Link } from 'wouter';
import { ROUTES } from '../../routes';
import { ROLE_LABELS, type Role } from '../../../../shared/values';
import { useLanguage } from '../../i18n';

/** The user's clubs, each a link to its page with the user's role beside the name. */
export function ClubList({ organizations }: { organizations: readonly { id: string; name: string; role: Role }[] }) {
  const { language } = useLanguage();
  return (
    <ul className="list">
      {organizations.map((org) => (
        <li key={org.id}>
          <Link href={ROUTES.org(org.id)} className="item">
            <span>{org.name}</span> <span className="badge">{ROLE_LABELS[language][org.role]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
