import Dropdown from 'react-bootstrap/Dropdown';
import { STUDIO_ROLE_LABELS } from '@market/contracts';
import { showNotice } from '@/components/notice/notices';
import { useMyStudios } from '../api/myStudios';
import { useSetActiveStudio } from '../api/setActiveStudio';

/**
 * "Act as" in the header's user menu, for people who belong to a studio other than their own
 * account: act as yourself or for one of them. Inside the menu rather than beside it, so the header
 * keeps its links unfolded at 1280 px. Every query is asked again after a switch.
 */
export default function StudioSwitcher() {
  const query = useMyStudios();
  const switchTo = useSetActiveStudio();
  const data = query.data;
  if (!data) return null;
  const others = data.studios.filter((studio) => studio.id !== data.me.id);
  if (others.length === 0 && !data.acting) return null;
  const choose = (studioId: string | null, name: string) =>
    switchTo.mutate(studioId, {
      onSuccess: () => showNotice(studioId ? `You now act for ${name}` : 'You now act as yourself'),
      onError: (error) => showNotice(error.message, 'danger'),
    });
  return (
    <>
      <Dropdown.Divider />
      <Dropdown.Header>Act as</Dropdown.Header>
      <Dropdown.Item
        as="button"
        type="button"
        active={!data.acting}
        aria-current={!data.acting ? 'true' : undefined}
        disabled={switchTo.isPending}
        onClick={() => choose(null, data.me.name)}
      >
        Yourself ({data.me.name})
      </Dropdown.Item>
      {others.map((studio) => (
        <Dropdown.Item
          as="button"
          type="button"
          key={studio.id}
          active={data.acting?.id === studio.id}
          aria-current={data.acting?.id === studio.id ? 'true' : undefined}
          disabled={switchTo.isPending}
          onClick={() => choose(studio.id, studio.name)}
        >
          {studio.name} — {STUDIO_ROLE_LABELS[studio.role]}
        </Dropdown.Item>
      ))}
    </>
  );
}
