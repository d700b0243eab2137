import { sql } from 'kysely';

/**
 * The product's English title, or its first one: a subquery for a select list, given the column
 * that holds the product's id (e.g. 'pr.id'). Lines, licences and payments show a product by it.
 */
export const englishTitleOf = (productIdColumn: string) =>
  sql<string | null>`(select t.title from product_translations t where t.product_id = ${sql.ref(productIdColumn)}
    order by case when t.language = 'en' then 0 else 1 end limit 1)`;
