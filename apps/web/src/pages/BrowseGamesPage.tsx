import { useState } from 'react';
import type { Engine, SubCategory } from '@market/contracts';
import { GameGrid } from '@/features/catalogue';
import { QueryView, isEmptyList } from '@/components/query-view';
import { Tabs } from '@/features/catalogue';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { useProductsQuery, useSubCategoriesQuery } from '@/features/catalogue';
import { EngineFilter } from '@/features/inside';

/** docs/product-spec.md §2.2: genre tabs from the sub categories, the first preselected, listing its games of the chosen engine. */
export default function BrowseGamesPage() {
  const subCategories = useSubCategoriesQuery();
  const [engine, setEngine] = useState<Engine | null>(null);
  return (
    <section className="container page-section">
      <PageHead title="Browse Games" />
      <NoticeRegion />
      <h1 className="page-title">Browse Games</h1>
      <EngineFilter value={engine} onChange={setEngine} />
      <QueryView query={subCategories} isEmpty={isEmptyList}>
        {(list) => <GenreTabs genres={list.map((entry) => entry.subCategory)} engine={engine} />}
      </QueryView>
    </section>
  );
}

function GenreTabs({ genres, engine }: { genres: SubCategory[]; engine: Engine | null }) {
  const [chosen, setChosen] = useState<SubCategory | null>(null);
  const selected = chosen && genres.includes(chosen) ? chosen : (genres[0] as SubCategory);
  // Without an engine the filters stay as before, so the server's first-screen answer still matches.
  const products = useProductsQuery({ status: 'Approved', subCategory: selected, ...(engine ? { engine } : {}) });
  return (
    <Tabs
      label="Genres"
      tabs={genres.map((genre) => ({ id: genre, label: genre }))}
      selected={selected}
      onSelect={(id) => setChosen(id as SubCategory)}
    >
      <QueryView query={products} isEmpty={isEmptyList} empty={engine ? `No ${engine} games in ${selected} yet` : undefined}>
        {(list) => <GameGrid products={list} label={engine ? `${engine} ${selected} games` : `${selected} games`} />}
      </QueryView>
    </Tabs>
  );
}
