import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Engine, SubCategory } from '@market/contracts';
import { GameGrid, OnSaleFilter } from '@/features/catalogue';
import { QueryView, isEmptyList } from '@/components/query-view';
import { Tabs } from '@/features/catalogue';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { PageHead } from '@/components/PageHead';
import { useProductsQuery, useSubCategoriesQuery } from '@/features/catalogue';
import { EngineFilter } from '@/features/inside';

/** The URL's query names the On sale filter, so a reload, a shared link and Back keep it. */
const ON_SALE_PARAM = 'onSale';

/** docs/product-spec.md §2.2: genre tabs from the sub categories, the first preselected, listing its games of the chosen engine. */
export default function BrowseGamesPage() {
  const subCategories = useSubCategoriesQuery();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [params, setParams] = useSearchParams();
  const onSale = params.get(ON_SALE_PARAM) === 'true';
  const setOnSale = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set(ON_SALE_PARAM, 'true');
      else next.delete(ON_SALE_PARAM);
      return next;
    });
  return (
    <section className="container page-section">
      <PageHead title="Browse Games" />
      <NoticeRegion />
      <h1 className="page-title">Browse Games</h1>
      <div className="d-flex flex-wrap align-items-center column-gap-4">
        <EngineFilter value={engine} onChange={setEngine} />
        <OnSaleFilter value={onSale} onChange={setOnSale} />
      </div>
      <QueryView query={subCategories} isEmpty={isEmptyList}>
        {(list) => <GenreTabs genres={list.map((entry) => entry.subCategory)} engine={engine} onSale={onSale} />}
      </QueryView>
    </section>
  );
}

function GenreTabs({ genres, engine, onSale }: { genres: SubCategory[]; engine: Engine | null; onSale: boolean }) {
  const [chosen, setChosen] = useState<SubCategory | null>(null);
  const selected = chosen && genres.includes(chosen) ? chosen : (genres[0] as SubCategory);
  // Without an engine or the sale filter the filters stay as before, so the server's first-screen answer still matches.
  const products = useProductsQuery({
    status: 'Approved',
    subCategory: selected,
    ...(engine ? { engine } : {}),
    ...(onSale ? { onSale: 'true' as const } : {}),
  });
  const games = `${engine ? `${engine} ` : ''}${selected} games`;
  const empty = onSale ? `No ${games} on sale right now` : engine ? `No ${engine} games in ${selected} yet` : undefined;
  return (
    <Tabs
      label="Genres"
      tabs={genres.map((genre) => ({ id: genre, label: genre }))}
      selected={selected}
      onSelect={(id) => setChosen(id as SubCategory)}
    >
      <QueryView query={products} isEmpty={isEmptyList} empty={empty}>
        {(list) => <GameGrid products={list} label={onSale ? `${games} on sale` : games} />}
      </QueryView>
    </Tabs>
  );
}
