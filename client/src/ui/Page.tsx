import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A screen: its heading takes focus when the screen opens, so a screen reader announces the new page and
 * keyboard users start from the top of the new content (a client-side route change moves no focus itself).
 */
export function Page({
  title,
  children,
  wide,
  actions,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  actions?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Hullvis`;
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className={wide ? 'page wide' : 'page'}>
      <div className="row between page-head">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
