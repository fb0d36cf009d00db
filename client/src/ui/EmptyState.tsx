import type { ReactNode } from 'react';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children ? <div>{children}</div> : null}
      {action ? <div style={{ marginTop: '0.75rem' }}>{action}</div> : null}
    </div>
  );
}
