import { headerName } from '@market/contracts';
import { Avatar } from './Avatar';

/** Profile image and the name cut to its first 10 characters (docs/product-spec.md §2.1). */
export function UserMenuLabel({ name }: { name: string }) {
  return (
    <span className="user-menu-label">
      <Avatar name={name} />
      <span className="user-menu-name">{headerName(name)}</span>
    </span>
  );
}
