import { Link, Route, Routes, useParams } from 'react-router';
import { Statement } from '@/features/money';
import { Sellers } from '@/features/people';

function SellerStatementRoute() {
  const { sellerId = '' } = useParams();
  return (
    <>
      <p>
        <Link to="/adminPanel/sellers">← All sellers</Link>
      </p>
      <Statement sellerId={sellerId} />
    </>
  );
}

/** /adminPanel/sellers and /adminPanel/sellers/{id}/statement (that seller's statement). */
export default function SellersPage() {
  return (
    <Routes>
      <Route index element={<Sellers />} />
      <Route path=":sellerId/statement" element={<SellerStatementRoute />} />
    </Routes>
  );
}
