import { Route, Routes, useParams } from 'react-router';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { LicenceCertificate, LicencesList } from '@/features/licences';

function CertificateRoute() {
  const { code = '' } = useParams();
  return <LicenceCertificate code={code} backTo={{ path: '/userPanel/licences', label: 'All licences' }} />;
}

/** /userPanel/licences and /userPanel/licences/{code} (the certificate). */
export default function LicencesPage() {
  return (
    <>
      {/* An upgrade's checkout comes back here with its notice. */}
      <NoticeRegion />
      <Routes>
        <Route index element={<LicencesList />} />
        <Route path=":code" element={<CertificateRoute />} />
      </Routes>
    </>
  );
}
