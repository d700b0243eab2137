import { useSearchParams } from 'react-router';
import { ComingSoonPage } from '@/components/ComingSoon';

export default function SearchGamesPage() {
  const [params] = useSearchParams();
  const text = params.get('q')?.trim() ?? '';
  return (
    <ComingSoonPage title={text ? `Search results for “${text}”` : 'Search Games'}>
      Search results appear here once the catalogue opens.
    </ComingSoonPage>
  );
}
