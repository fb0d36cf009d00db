import type { HTMLAttributes, ReactNode } from 'react';

export function Card({
  title,
  action,
  children,
  className,
  ...rest
}: { title?: ReactNode; action?: ReactNode; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <section className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {title || action ? (
        <div className="card-title">
          {title ? <h2>{title}</h2> : <span />}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
