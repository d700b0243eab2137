import './sale-price.css';

/**
 * A price during a sale (docs/decisions/0009 "Sales"): the listed price struck through, the sale's
 * price and the percent off. Screen readers hear "Was $40.00, $30.00, 25% off".
 */
export function SalePrice({ listed, price, percent }: { listed: string; price: string; percent: number }) {
  return (
    <span className="sale-price">
      <s className="sale-price-was">
        <span className="visually-hidden">Was </span>
        {listed}
      </s>
      <span className="visually-hidden">,</span> <span className="sale-price-now">{price}</span>{' '}
      <span className="sale-badge" aria-hidden="true">
        −{percent}%
      </span>
      <span className="visually-hidden">, {percent}% off</span>
    </span>
  );
}
