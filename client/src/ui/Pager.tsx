import { useLanguage } from '../i18n';
import { Button } from './Button';

/**
 * Previous / "page n of m" / next under a paged list (the server's lists answer `{page, limit, total}`).
 * Shows nothing while everything fits on one page.
 */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  previousLabel,
  nextLabel,
}: {
  page: number;
  /** The server's total, or undefined while it is not known yet. */
  total: number | undefined;
  pageSize: number;
  onPage: (page: number) => void;
  previousLabel?: string;
  nextLabel?: string;
}) {
  const { t } = useLanguage();
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <div className="row between">
      <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel ?? t('common.previous')}
      </Button>
      <span className="small muted">{t('common.pageOf', { page, pages })}</span>
      <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel ?? t('common.next')}
      </Button>
    </div>
  );
}
