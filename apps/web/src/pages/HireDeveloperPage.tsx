import { PageHead } from '@/components/PageHead';
import { HireDeveloperForm } from '@/features/hire';

const STEPS = [
  { title: 'Tell us what you need', text: 'Describe your game or app, the platform and what you want built or changed.' },
  { title: 'We match a developer', text: 'We review your request and pick a developer who knows your platform.' },
  { title: 'Start building', text: 'We contact you by email to agree on scope, timing and price, then work begins.' },
];

/** docs/product-spec.md §2.7 /hire-developer: three steps, then the request form. */
export default function HireDeveloperPage() {
  return (
    <section className="container page-section">
      <PageHead title="Hire a Developer" />
      <h1 className="page-title">Hire a Developer</h1>
      <ol className="row g-3 list-unstyled hire-steps" aria-label="How it works">
        {STEPS.map((step, index) => (
          <li className="col-md-4" key={step.title}>
            <div className="card h-100">
              <div className="card-body">
                <p className="hire-step-number" aria-hidden="true">
                  {index + 1}
                </p>
                <h2 className="h5">
                  <span className="visually-hidden">Step {index + 1}: </span>
                  {step.title}
                </h2>
                <p className="mb-0 text-secondary">{step.text}</p>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <h2 className="section-title mt-4">Your request</h2>
      <HireDeveloperForm />
    </section>
  );
}
