import { ConsultationForm } from './consultation-form.tsx';

/** A page's consultation block: heading and a line of text beside the form. */
export function ConsultationSection({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section id={id} className="mb-section mb-section-tinted" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <div className="mb-container mb-consult">
        <header className="mb-consult-intro">
          <h2 id={`${id}-title`}>{title}</h2>
          <p>{text}</p>
        </header>
        <div className="mb-consult-card">
          <ConsultationForm idPrefix={id} />
        </div>
      </div>
    </section>
  );
}
