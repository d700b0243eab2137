import { cutCardTitle } from '@market/contracts';

/**
 * docs/product-spec.md §2.3 title cuts without a resize listener: both cuts are rendered and CSS shows the
 * large one from 992 px (Bootstrap lg) and the small one below. Screen readers get the full title.
 */
export function CardTitle({ title }: { title: string }) {
  return (
    <>
      <span className="cut-title-lg" aria-hidden="true" data-testid="title-large">
        {cutCardTitle(title, 'large')}
      </span>
      <span className="cut-title-sm" aria-hidden="true" data-testid="title-small">
        {cutCardTitle(title, 'small')}
      </span>
      <span className="visually-hidden">{title}</span>
    </>
  );
}
