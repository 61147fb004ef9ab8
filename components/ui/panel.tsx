import type { ReactNode } from 'react';

export function Panel({ title, actions, children, className, id }: { title: ReactNode; actions?: ReactNode; children: ReactNode; className?: string; id?: string }) {
  return (
    <section className={`panel ${className ?? ''}`} aria-labelledby={id ? `${id}-title` : undefined} id={id}>
      <header className="panel-head">
        <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
        {actions ? <div className="panel-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
