import { useState } from 'react';
import type { SubCategory } from '@market/contracts';
import { GameGrid } from '@/features/catalogue';
import { QueryView, isEmptyList } from '@/components/query-view';
import { Tabs } from '@/features/catalogue';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { useProductsQuery, useSubCategoriesQuery } from '@/features/catalogue';

/** SPEC.md 2.2: genre tabs from the sub categories, the first preselected, listing its games. */
export default function BrowseGamesPage() {
  const subCategories = useSubCategoriesQuery();
  return (
    <section className="container page-section">
      <PageHead title="Browse Games" />
      <NoticeRegion />
      <h1 className="page-title">Browse Games</h1>
      <QueryView query={subCategories} isEmpty={isEmptyList}>
        {(list) => <GenreTabs genres={list.map((entry) => entry.subCategory)} />}
      </QueryView>
    </section>
  );
}

function GenreTabs({ genres }: { genres: SubCategory[] }) {
  const [chosen, setChosen] = useState<SubCategory | null>(null);
  const selected = chosen && genres.includes(chosen) ? chosen : (genres[0] as SubCategory);
  const products = useProductsQuery({ status: 'Approved', subCategory: selected });
  return (
    <Tabs
      label="Genres"
      tabs={genres.map((genre) => ({ id: genre, label: genre }))}
      selected={selected}
      onSelect={(id) => setChosen(id as SubCategory)}
    >
      <QueryView query={products} isEmpty={isEmptyList}>
        {(list) => <GameGrid products={list} label={`${selected} games`} />}
      </QueryView>
    </Tabs>
  );
}
