import { Route, Routes, useParams } from 'react-router';
import { LicenceCertificate, LicenceLookup } from '@/features/licences';

function LicenceRoute() {
  const { code = '' } = useParams();
  return <LicenceCertificate code={code} backTo={{ path: '/adminPanel/licences', label: 'Find another licence' }} manage />;
}

/** /adminPanel/licences (find a licence by its code) and /adminPanel/licences/{code}. */
export default function LicencesPage() {
  return (
    <Routes>
      <Route index element={<LicenceLookup />} />
      <Route path=":code" element={<LicenceRoute />} />
    </Routes>
  );
}
