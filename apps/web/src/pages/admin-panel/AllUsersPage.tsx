import { AllUsers } from '@/features/people';

/** /adminPanel/all-users. */
export default function AllUsersPage() {
  return <AllUsers />;
}
