import { ComingSoonPage } from '@/components/ComingSoon';

export default function BrowseGamesPage() {
  return (
    <ComingSoonPage title="Browse Games">
      Genre tabs with every game of the selected genre open with the catalogue.
    </ComingSoonPage>
  );
}
